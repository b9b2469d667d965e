import { describe, expect, it } from "vitest";
import { noneMatch, rangeStillValid } from "../../worker/files/http-validators";

const ETAG = '"3858f62230ac3c915f300c664312c11f"';

describe("If-None-Match (weak comparison)", () => {
  it("matches our tag, its weak form, a list holding either, and *", () => {
    expect(noneMatch(ETAG, ETAG)).toBe(true);
    expect(noneMatch(`W/${ETAG}`, ETAG)).toBe(true);
    expect(noneMatch(`"a", W/${ETAG} ,"b"`, ETAG)).toBe(true);
    expect(noneMatch(" * ", ETAG)).toBe(true);
  });

  it("matches nothing else, and a comma inside a tag does not split it", () => {
    expect(noneMatch(undefined, ETAG)).toBe(false);
    expect(noneMatch("", ETAG)).toBe(false);
    expect(noneMatch('"other", W/"other"', ETAG)).toBe(false);
    expect(noneMatch(`"x,${ETAG.slice(1)}`, ETAG)).toBe(false);
    // Unquoted is not an entity tag.
    expect(noneMatch(ETAG.slice(1, -1), ETAG)).toBe(false);
  });
});

describe("If-Range (strong comparison)", () => {
  it("keeps the range without If-Range, or with our tag exactly", () => {
    expect(rangeStillValid(undefined, ETAG)).toBe(true);
    expect(rangeStillValid(` ${ETAG} `, ETAG)).toBe(true);
  });

  it("drops it for a weak tag, another tag, a date, or when our own tag is weak", () => {
    expect(rangeStillValid(`W/${ETAG}`, ETAG)).toBe(false);
    expect(rangeStillValid('"other"', ETAG)).toBe(false);
    expect(rangeStillValid("Wed, 21 Oct 2015 07:28:00 GMT", ETAG)).toBe(false);
    expect(rangeStillValid(`W/${ETAG}`, `W/${ETAG}`)).toBe(false);
  });
});
