import { describe, expect, it } from "vitest";
import {
  chunkCountOf,
  chunkSizeOf,
  cleanFileName,
  expectedChunkLength,
  extensionOf,
  validateFileCollections,
} from "../../protocol/files";
import { parseRange } from "../../worker/files/http-validators";

describe("file collection rules", () => {
  it("refuses at start-up a public collection without its own download route, naming it", () => {
    const base = { maxSize: 10, types: ["image/png"], uploadRoles: ["owner"] as const, versions: [] };
    expect(() => validateFileCollections({ shopLogos: { ...base, name: "shopLogos", public: true } })).toThrow(
      'File collection "shopLogos" is public and must set an explicit downloadRoute',
    );
    expect(() =>
      validateFileCollections({ shopLogos: { ...base, name: "shopLogos", public: true, downloadRoute: "/pub" } }),
    ).not.toThrow();
  });

  it("rounds a configured chunk size down to a multiple of 8 and counts chunks", () => {
    expect(chunkSizeOf({})).toBe(524_288);
    expect(chunkSizeOf({ chunkSize: 100_005 })).toBe(100_000);
    expect(chunkCountOf(1, 8)).toBe(1);
    expect(chunkCountOf(17, 8)).toBe(3);
    expect(expectedChunkLength(17, 8, 3)).toBe(1);
    expect(expectedChunkLength(17, 8, 2)).toBe(8);
  });

  it("cleans names and reads extensions like Meteor-Files", () => {
    expect(cleanFileName("..\\..\\evil/.hidden.png")).toBe("hidden.png");
    expect(cleanFileName("a\u0000b\u001fc.jpg")).toBe("abc.jpg");
    expect(extensionOf("Photo.JPEG")).toBe("jpeg");
    expect(extensionOf("noext")).toBe("");
    expect(extensionOf("x.<script>")).toBe("");
  });
});

describe("byte ranges", () => {
  it("reads single ranges against the size and sends everything for what it cannot read", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange("bytes=-30", 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=5-", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(parseRange("items=0-1", 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });
});
