/**
 * A handheld scanner in a person's hand: the next unit of the same item is
 * scanned a moment after the last — a scanner that sends one code twice
 * faster than BOUNCE_MS has bounced, and is counted once
 * (app/stocktake/scanner-bounce.ts). Tests that scan the same code again
 * wait that moment first, as the person would.
 */
import type { Page } from "playwright-core";
import { BOUNCE_MS } from "../../app/stocktake/scanner-bounce";

export function nextUnit(page: Page): Promise<void> {
  return page.waitForTimeout(BOUNCE_MS + 100);
}
