/**
 * How a person looks in the room's header: initials from their name (or
 * their address), on a colour that is theirs on every screen. Every colour
 * keeps white initials at WCAG's 4.5:1 contrast or more, whoever is signed
 * in (tests/unit/avatar.test.ts checks each one).
 */

/** Deep enough for white text; distinct from each other at a glance. */
export const AVATAR_COLOURS = [
  "#2f5d50", // pine
  "#1f5fa8", // blue
  "#6b3fa0", // violet
  "#a3352b", // brick
  "#8a5a12", // ochre
  "#1d6b6b", // teal
  "#9c2f6b", // plum
  "#3d6b22", // moss
] as const;

/** The same colour for the same person on every screen. */
export function avatarColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] as string;
}

/** "ada.lovelace@example.com" → "AL", "Grace Hopper" → "GH", "bob@x" → "B". */
export function initials(label: string): string {
  const at = label.indexOf("@");
  const base = at > 0 ? label.slice(0, at) : label;
  const parts = base.split(/[\s._+-]+/).filter((part) => part !== "");
  const picked = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  const letters = picked.map((part) => Array.from(part ?? "")[0] ?? "").join("");
  return letters.toUpperCase() || "?";
}
