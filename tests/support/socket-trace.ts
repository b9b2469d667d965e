/**
 * The live frames a page sent and received, kept per page, so a step that
 * waits in vain (a call never answered) can say what was on the line.
 */
import type { Page } from "playwright-core";

const KEPT = 60;
const traces = new WeakMap<Page, string[]>();

/** Starts keeping `page`'s WebSocket frames (its last few, each cut short). */
export function traceSockets(page: Page): void {
  if (traces.has(page)) return;
  const lines: string[] = [];
  traces.set(page, lines);
  const started = Date.now();
  const note = (line: string) => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (lines.length > KEPT) lines.shift();
  };
  page.on("websocket", (socket) => {
    note(`open ${socket.url()}`);
    socket.on("framesent", (frame) => note(`> ${String(frame.payload).slice(0, 200)}`));
    socket.on("framereceived", (frame) => note(`< ${String(frame.payload).slice(0, 200)}`));
    socket.on("close", () => note("closed"));
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`page ${frame.url()}`);
  });
}

/** What was on `page`'s line, for an error message. */
export function socketTrace(page: Page): string {
  const lines = traces.get(page);
  return lines ? lines.join("\n") : "(not traced)";
}
