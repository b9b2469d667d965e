/**
 * A room's socket that a browser test can cut, as a basement cuts a phone's
 * signal: `cut()` drops the open socket and refuses new ones until
 * `restore()`; `back()` restores it and waits until the header says Live,
 * pressing the header's retry whenever it is there, as a person would.
 */
import type { Page, WebSocketRoute } from "playwright-core";
import { expect } from "vitest";

export interface CuttableLine {
  /** Drops the socket and waits until the page knows it is not connected. */
  cut(): Promise<void>;
  restore(): void;
  /** Restores the line and waits until the header says Live (see `untilLive`). */
  back(): Promise<void>;
}

/**
 * Waits until the header's connection badge says Live, pressing its "Retry
 * now" (or "Reconnect") whenever the button is there at that moment, as a
 * person would. The button exists only while the client waits to retry, so
 * the client's own retry may reconnect first and take it away — even between
 * seeing it and pressing it: a press that finds nothing to press is no
 * failure. The outcome waited for is the badge's Live, never the button.
 */
export async function untilLive(page: Page, timeout = 30_000): Promise<void> {
  const badge = page.getByTestId("connection-badge");
  const retry = badge.getByRole("button", { name: /^(Retry now|Reconnect)$/ });
  await expect
    .poll(
      async () => {
        const text = await badge.textContent();
        if (text !== "Live" && (await retry.isVisible())) {
          await retry.click({ timeout: 1_000 }).catch(() => {});
        }
        return text;
      },
      { timeout, interval: 250 },
    )
    .toBe("Live");
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
      await untilLive(page);
    },
  };
}
