import { describe, expect, it } from "vitest";
import { parseExport, toImportSql } from "../../scripts/meteor-users.mjs";
import exported from "../fixtures/meteor-users.json";

const fixture = JSON.stringify(exported);

describe("Meteor users export → D1 SQL", () => {
  it("reads a JSON array and one document per line alike", () => {
    const users = parseExport(fixture);
    const lines = users.map((user) => JSON.stringify(user)).join("\n");
    expect(parseExport(lines)).toEqual(users);
  });

  it("keeps bcrypt hashes, marks other password formats, and skips what cannot be an account", () => {
    const { sql, imported, skipped } = toImportSql(parseExport(fixture), 0);
    expect(imported).toBe(3);
    expect(skipped).toEqual([
      "mEteorUser0000004: neither username nor e-mail",
      '{"$oid":"5c8f0e3b2f1e4a0012345678"}: id is not a plain string id',
    ]);
    expect(sql).toMatch(/'mEteorUser0000001', 'olga', '\{"name":"Olga O''Neil"\}', 'bcrypt\$\$2[aby]\$10\$/);
    expect(sql).toContain("'mEteorUser0000002', NULL, '{}', 'meteor-srp$', 1556704800000");
    expect(sql).toContain("'mEteorUser0000003', 'oauth-only', '{}', NULL, 1577836800000");
    expect(sql).toContain(
      "INSERT OR IGNORE INTO user_emails (user_id, address, verified) VALUES ('mEteorUser0000001', 'olga@shop.example', 1);",
    );
  });
});
