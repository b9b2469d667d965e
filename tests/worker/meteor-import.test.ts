import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseExport, toImportSql } from "../../scripts/meteor-users.mjs";
import fixture from "../fixtures/meteor-users.json";
import { DdpSocket } from "./ddp-socket";

beforeAll(async () => {
  const { sql } = toImportSql(parseExport(JSON.stringify(fixture)));
  await env.DB.exec(sql.replace(/\n/g, " "));
});

describe("accounts imported from Meteor", () => {
  it("log in with their old password, which is then upgraded to PBKDF2", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket?shard=13");
    const wrong = await socket.call("login", [{ user: { email: "olga@shop.example" }, password: "not it" }]);
    expect(wrong.error).toMatchObject({ error: 403, reason: "Something went wrong. Please check your credentials." });
    const login = await socket.call("login", [{ user: { username: "olga" }, password: "meteor password" }]);
    expect(login.result).toMatchObject({ id: "mEteorUser0000001" });
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind("mEteorUser0000001")
      .first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const again = await socket.call("login", [{ user: { email: "olga@shop.example" }, password: "meteor password" }]);
    expect(again.error).toBeUndefined();
    socket.close();
  });

  it("answers an account whose password format cannot be checked with 'Password is old'", async () => {
    const { socket } = await DdpSocket.connect("/api/websocket?shard=14");
    const login = await socket.call("login", [{ user: { email: "srp@shop.example" }, password: "anything" }]);
    expect(login.error).toMatchObject({ error: 403, reason: "Password is old. Please reset your password." });
    socket.close();
  });
});
