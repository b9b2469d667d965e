/**
 * A room's socket that a browser test can cut, as a basement cuts a phone's
 * signal: `cut()` drops the open socket and refuses new ones until
 * `restore()`; `back()` restores it and presses the header's retry, as a
 * person would, and waits until nothing is left to save.
 */
import type { Page, WebSocketRoute } from "playwright-core";
import { expect } from "vitest";

export interface CuttableLine {
  /** Drops the socket and waits until the page knows it is not connected. */
  cut(): Promise<void>;
  restore(): void;
  /** Restores the line, presses Retry now, and waits until the header says Live. */
  back(): Promise<void>;
}

export async function cuttableLine(page: Page): Promise<CuttableLine> {
  let cut = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
    if (cut) return void socket.close({ code: 1006 });
    open.add(socket);
    socket.connectToServer();
  });
  const badge = page.getByTestId("connection-badge");
  return {
    async cut() {
      cut = true;
      for (const socket of open) await socket.close({ code: 1006 }).catch(() => {});
      open.clear();
      await expect.poll(() => badge.getAttribute("data-status"), { timeout: 20_000 }).not.toBe("connected");
    },
    restore() {
      cut = false;
    },
    async back() {
      cut = false;
      await page.getByRole("button", { name: /Retry now|Reconnect/ }).click();
      await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe("Live");
    },
  };
}
