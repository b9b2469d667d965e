import { describe, expect, it } from "vitest";
import { encode, parseClientMessage, parseServerFrame, parseServerMessage } from "../../protocol/ddp";
import { equals, parse, stringify } from "../../protocol/ejson";
import { LiveError, toWireError } from "../../protocol/errors";

describe("EJSON", () => {
  it("round-trips dates, bytes and objects that look like EJSON", () => {
    const value = {
      when: new Date(1_700_000_000_000),
      bytes: new Uint8Array([0, 255, 7]),
      odd: { $date: "not a date" },
    };
    const text = stringify(value);
    expect(JSON.parse(text).when).toEqual({ $date: 1_700_000_000_000 });
    expect(JSON.parse(text).odd).toEqual({ $escape: { $date: "not a date" } });
    expect(equals(parse(text), value)).toBe(true);
  });

  it("compares structurally", () => {
    expect(equals({ a: [1, { b: new Date(5) }] }, { a: [1, { b: new Date(5) }] })).toBe(true);
    expect(equals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe("DDP frames", () => {
  it("decodes a method with EJSON params", () => {
    const frame = '{"msg":"method","id":"1","method":"m","params":[{"$date":5}],"randomSeed":"s"}';
    expect(parseClientMessage(frame)).toEqual({
      kind: "message",
      message: { msg: "method", id: "1", method: "m", params: [new Date(5)], randomSeed: "s" },
    });
  });

  it("treats a connect with unusable versions as a failed handshake", () => {
    expect(parseClientMessage('{"msg":"connect","version":1,"support":["1"]}').kind).toBe("bad-connect");
  });

  it("ignores server frames the client cannot use", () => {
    expect(parseServerMessage("nonsense")).toBeNull();
    expect(parseServerMessage('{"msg":"added","collection":"c"}')).toBeNull();
    expect(parseServerMessage(encode({ msg: "ready", subs: ["a"] }))).toEqual({ msg: "ready", subs: ["a"] });
  });

  it("reads a batched frame as its messages in order, leaving out unusable ones", () => {
    const ready = encode({ msg: "ready", subs: ["a"] });
    const added = encode({ msg: "added", collection: "items", id: "x", fields: { at: new Date(7) } });
    expect(parseServerFrame(`[${added},{"msg":"bogus"},${ready}]`)).toEqual([
      { msg: "added", collection: "items", id: "x", fields: { at: new Date(7) } },
      { msg: "ready", subs: ["a"] },
    ]);
    expect(parseServerFrame(ready)).toEqual([{ msg: "ready", subs: ["a"] }]);
    expect(parseServerFrame("[not json")).toEqual([]);
  });

  it("keeps a client's batch request from its connect, and only a literal true", () => {
    const connect = (extra: string) => parseClientMessage(`{"msg":"connect","version":"1","support":["1"]${extra}}`);
    expect(connect(',"batch":true')).toEqual({
      kind: "message",
      message: { msg: "connect", version: "1", support: ["1"], batch: true },
    });
    expect(connect(',"batch":"yes"')).toEqual({
      kind: "message",
      message: { msg: "connect", version: "1", support: ["1"] },
    });
  });

  it("lets only deliberate errors cross the wire", () => {
    expect(toWireError(new LiveError(403, "Access denied"))).toEqual({
      isClientSafe: true,
      error: 403,
      reason: "Access denied",
      message: "Access denied [403]",
      errorType: "Meteor.Error",
    });
    expect(toWireError(new Error("database password is hunter2")).reason).toBe("Internal server error");
  });
});
