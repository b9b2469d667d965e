// Latency compensation (docs/protocol.md §9): in real Chromium, a quantity typed into a
// catalogue cell, from the Enter key until the new value is drawn (the
// animation frame after the text changed), with 300 ms added to every
// message each way on the room's socket, beside the same with nothing added
// (same proxy, same page, same run; rounds alternate). With the edit's stub
// the change is drawn before anything leaves the browser, so the two should
// match: target ≤ 1.2×. Each round waits until the server has confirmed the
// edit before the next. Median of ROUNDS.
import { launchBrowser } from "../tests/support/browser.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, ms, note, percentile, report, section, signUpWithRoom } from "./harness.mjs";

const ROUNDS = knob("BENCH_ROUNDS", 15, 2);
const ADDED_MS = 300;

about(
  `In Chromium, a quantity typed into a catalogue cell, from Enter until the new value is drawn, with ${ADDED_MS} ms added each way on the room's socket, ` +
    "beside the same with nothing added: the edit's stub draws it before anything leaves the browser.",
);

process.env.NODE_ENV = "production";
buildApp();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  // Every message on the room's socket goes through here, held `delay` ms each way.
  let delay = 0;
  await page.routeWebSocket(/\/api\/rooms\/[^/]+\/websocket/, (socket) => {
    const upstream = socket.connectToServer();
    socket.onMessage((message) => setTimeout(() => upstream.send(message), delay));
    upstream.onMessage((message) => setTimeout(() => socket.send(message), delay));
  });
  await signUpWithRoom(page, server.url, "Latency bench");
  await page.getByLabel("Title", { exact: true }).fill("Lamp");
  await page.getByRole("button", { name: "Add item" }).click();
  const row = page.getByTestId("item-row").filter({ hasText: "Lamp" });
  await row.waitFor();
  const cell = row.getByRole("button", { name: "Edit quantity of Lamp" });

  /** Types `value` into the quantity cell; answers ms from Enter to the frame that drew it. */
  async function edit(value) {
    await cell.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(String(value));
    await page.evaluate((expected) => {
      const state = { enter: 0, drawn: 0 };
      window.__edit = state;
      document.addEventListener(
        "keydown",
        (event) => {
          if (event.key === "Enter") state.enter = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        const shown = document.querySelector(
          '[data-testid="item-row"] td[data-label="Qty"] button .cell-value',
        )?.textContent;
        if (shown !== expected) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          state.drawn = performance.now();
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, String(value));
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => window.__edit.drawn > 0);
    const took = await page.evaluate(() => window.__edit.drawn - window.__edit.enter);
    // The next round starts once the server has confirmed this one.
    await row.getByRole("img", { name: "Not saved yet" }).waitFor({ state: "detached", timeout: 30_000 });
    return took;
  }

  const none = [];
  const added = [];
  await edit(7); // warm-up (a new item has 1)
  for (let round = 0; round < ROUNDS; round++) {
    delay = 0;
    none.push(await edit(100 + round * 2));
    delay = ADDED_MS;
    added.push(await edit(101 + round * 2));
  }
  section(`an edit drawn on screen, Enter to frame, median of ${ROUNDS} (p90 in brackets)`);
  note(`  nothing added: p90 ${ms(percentile(none, 90))}; ${ADDED_MS} ms each way: p90 ${ms(percentile(added, 90))}`);
  report(`edit visible, ${ADDED_MS} ms added each way`, percentile(added, 50), percentile(none, 50), ms, 1.2);
} finally {
  await browser.close();
  await server.stop();
}
