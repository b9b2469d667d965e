/**
 * The server's state machines, as their tables say (worker/transitions.ts): what has ended stays
 * ended — an applied stocktake never reopens, a finished bulk job never runs again, a closed
 * session never sends, a recorded or discarded upload never comes back — and a move a table
 * lacks is refused at run time as well as by the compiler.
 */
import { describe, expect, it } from "vitest";
import { UPLOAD_MOVES } from "../../worker/files/upload-states";
import { BULK_JOB_MOVES } from "../../worker/inventory/bulk-jobs";
import { SESSION_MOVES } from "../../worker/live/session";
import { LATE_SCAN_MOVES, STOCKTAKE_MOVES } from "../../worker/stocktake/stocktakes-repo";
import { canMove, move, type Transitions } from "../../worker/transitions";

const MACHINES: Record<string, { table: Transitions<string>; ends: string[] }> = {
  session: { table: SESSION_MOVES, ends: ["closed"] },
  upload: { table: UPLOAD_MOVES, ends: ["recorded", "discarded"] },
  stocktake: { table: STOCKTAKE_MOVES, ends: ["applied", "cancelled"] },
  "late count": { table: LATE_SCAN_MOVES, ends: ["applied", "discarded"] },
  "bulk job": { table: BULK_JOB_MOVES, ends: ["done", "failed"] },
};

/** Every state reachable from `start` through the table. */
function reachable(table: Transitions<string>, start: string): Set<string> {
  const seen = new Set([start]);
  for (const state of seen) for (const next of table[state] ?? []) seen.add(next);
  return seen;
}

describe("the server's state machines", () => {
  for (const [name, { table, ends }] of Object.entries(MACHINES)) {
    it(`a ${name} stays ended once ended, and every state can reach an end`, () => {
      for (const end of ends) expect(table[end]).toEqual([]);
      for (const state of Object.keys(table)) {
        expect([...reachable(table, state)].some((s) => ends.includes(s))).toBe(true);
        // Each move names a state of the same machine.
        for (const next of table[state] ?? []) expect(Object.keys(table)).toContain(next);
      }
    });
  }

  it("refuses at run time a move its table lacks, and allows one it has", () => {
    expect(move(STOCKTAKE_MOVES, "open", "applied")).toBe("applied");
    expect(() => move(BULK_JOB_MOVES, "done" as "running", "running")).toThrow("cannot go from done to running");
    expect(canMove(UPLOAD_MOVES, "stored", "recorded")).toBe(true);
    expect(canMove(UPLOAD_MOVES, "receiving", "stored")).toBe(false);
    expect(canMove(SESSION_MOVES, "closed", "live")).toBe(false);
  });
});
