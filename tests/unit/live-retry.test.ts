import { describe, expect, it } from "vitest";
import { retryDelay } from "../../app/live/retry";

/** Delay at random = 0.5 (no fuzz): min(300000, 1000 × 2.2^n), 10 ms for n < 2. */
const MIDDLE: Record<number, number> = {
  0: 10,
  1: 10,
  2: 4_840,
  3: 10_648,
  4: 23_425.6,
  5: 51_536.32,
  6: 113_379.904,
  7: 249_435.7888,
  8: 300_000,
  9: 300_000,
};

describe("retryDelay", () => {
  it.each(Object.entries(MIDDLE).map(([count, delay]) => [Number(count), delay]))(
    "count %i at random 0.5 waits %d ms",
    (count, delay) => {
      expect(retryDelay(count, () => 0.5)).toBeCloseTo(delay, 6);
    },
  );

  it.each([0, 1])("count %i is almost immediate whatever the fuzz", (count) => {
    expect(retryDelay(count, () => 0)).toBe(10);
    expect(retryDelay(count, () => 1)).toBe(10);
  });

  it.each([2, 3, 4, 5, 6, 7, 8, 9])("count %i spans 0.75× to 1.25× of the middle", (count) => {
    const middle = MIDDLE[count] as number;
    expect(retryDelay(count, () => 0)).toBeCloseTo(middle * 0.75, 6);
    expect(retryDelay(count, () => 1)).toBeCloseTo(middle * 1.25, 6);
  });

  it("applies the five-minute cap before the fuzz", () => {
    expect(retryDelay(8, () => 1)).toBe(375_000);
    expect(retryDelay(20, () => 0)).toBe(225_000);
  });

  it("uses Math.random by default, within the fuzz band", () => {
    for (let i = 0; i < 20; i++) {
      const delay = retryDelay(3);
      expect(delay).toBeGreaterThanOrEqual(10_648 * 0.75);
      expect(delay).toBeLessThanOrEqual(10_648 * 1.25);
    }
  });
});
