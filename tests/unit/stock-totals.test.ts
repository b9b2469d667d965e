import { describe, expect, it } from "vitest";
import { settleTotal, stockOfItem, stockTotal, stockWith } from "../../protocol/stock";

describe("an item's stock by location", () => {
  it("adds a typed total's increase where most is held, or at the first location when none is", () => {
    expect(settleTotal({ main: 1, back: 4 }, 8, "main")).toEqual([{ locationId: "back", delta: 3 }]);
    expect(settleTotal({}, 2, "main")).toEqual([{ locationId: "main", delta: 2 }]);
    expect(settleTotal({ main: 2 }, 2, "main")).toEqual([]);
  });

  it("takes a decrease from the locations holding most first, none below zero", () => {
    expect(settleTotal({ main: 1, back: 4, stall: 2 }, 2, "main")).toEqual([
      { locationId: "back", delta: -4 },
      { locationId: "stall", delta: -1 },
    ]);
    expect(settleTotal({ main: 3 }, 0, "main")).toEqual([{ locationId: "main", delta: -3 }]);
  });

  it("keeps only locations holding something, and reads an item kept before locations as held at the first", () => {
    expect(stockWith({ main: 2, back: 1 }, "back", -1)).toEqual({ main: 2 });
    expect(stockTotal({ main: 2, back: 5 })).toBe(7);
    expect(stockOfItem({ quantity: 4 })).toEqual({ main: 4 });
    expect(stockOfItem({ quantity: 0 })).toEqual({});
    expect(stockOfItem({ quantity: 4, stock: { back: 4 } })).toEqual({ back: 4 });
  });
});
