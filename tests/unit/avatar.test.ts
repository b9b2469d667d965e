/**
 * Avatars in the room's header: every colour a person can get keeps white
 * initials readable (WCAG 2 contrast 4.5:1 or more), so the page's
 * accessibility never depends on who happens to be signed in; and initials
 * come from a person's name when they have one.
 */
import { describe, expect, it } from "vitest";
import { AVATAR_COLOURS, avatarColour, initials } from "../../app/people/avatar";

/** WCAG 2's relative luminance of an sRGB colour `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrastWithWhite = (hex: string) => (1 + 0.05) / (luminance(hex) + 0.05);

describe("avatars", () => {
  it("gives white initials at least 4.5:1 contrast on every colour", () => {
    for (const colour of AVATAR_COLOURS) {
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("gives each person one colour of the set, the same every time, and uses every colour", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const id = `user-${i}-${(i * 7919).toString(36)}`;
      const colour = avatarColour(id);
      expect(AVATAR_COLOURS).toContain(colour);
      expect(avatarColour(id)).toBe(colour);
      seen.add(colour);
    }
    expect(seen.size).toBe(AVATAR_COLOURS.length);
  });

  it("takes initials from a name, else from the address", () => {
    expect(initials("Grace Hopper")).toBe("GH");
    expect(initials("Sam")).toBe("S");
    expect(initials("ada.lovelace@example.com")).toBe("AL");
    expect(initials("élodie martin")).toBe("ÉM");
  });
});
