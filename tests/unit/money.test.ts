/**
 * Prices and counts as people type them in their own locale (app/money.ts):
 * the app shows "1.234,56 €" to a German browser, so that is what it must
 * take back, as well as "1,234.56", "12,5" and "12.50".
 */
import { describe, expect, it } from "vitest";
import { parsePrice, parseQuantity } from "../../app/money";

describe("a price typed in any locale", () => {
  it("reads the decimal point and the groups of three as the locale writes them", () => {
    expect(parsePrice("1.234,56")).toBe(123456);
    expect(parsePrice("1,234.56")).toBe(123456);
    expect(parsePrice("1 234,56")).toBe(123456);
    expect(parsePrice("1\u202F234,56")).toBe(123456);
    expect(parsePrice("1'234.56")).toBe(123456);
    expect(parsePrice("12,5")).toBe(1250);
    expect(parsePrice("12.50")).toBe(1250);
    expect(parsePrice("1.000")).toBe(100000);
    expect(parsePrice("12")).toBe(1200);
  });

  it("refuses what is not a price", () => {
    for (const text of ["", "-3", "12.345.6", "1,2,3", "abc", "12.5x", "1.234.56,7,8"])
      expect(parsePrice(text)).toBeNull();
  });
});

describe("a count typed in any locale", () => {
  it("takes whole numbers with their groups of three, and refuses fractions", () => {
    expect(parseQuantity("1.234")).toBe(1234);
    expect(parseQuantity("1,234")).toBe(1234);
    expect(parseQuantity("7")).toBe(7);
    expect(parseQuantity("1,5")).toBeNull();
    expect(parseQuantity("-2")).toBeNull();
  });
});
