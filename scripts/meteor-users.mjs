// Turns a Meteor users export (mongoexport of the `users` collection, as a
// JSON array or one document per line) into SQL for our D1 schema. Pure, so
// it is unit-tested; scripts/import-meteor-users.mjs runs the SQL.
//
// Passwords: Meteor's `services.password.bcrypt` is kept as `bcrypt$<hash>`
// and keeps working (upgraded to PBKDF2 at the next login); other formats
// (the old SRP) become `meteor-srp$`, which login answers with
// "Password is old. Please reset your password."

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const EMAIL = /^[^\s@]{1,200}@[^\s@]{1,200}$/;

/** Reads a JSON array, or one JSON document per line. */
export function parseExport(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) return JSON.parse(trimmed);
  return trimmed
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

function sqlString(value) {
  return value === null || value === undefined ? "NULL" : `'${String(value).replace(/'/g, "''")}'`;
}

function millis(date, fallback) {
  const raw = date && typeof date === "object" && "$date" in date ? date.$date : date;
  const value = typeof raw === "number" ? raw : typeof raw === "string" ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(value) ? value : fallback;
}

function passwordOf(services) {
  const password = services?.password;
  if (!password) return null;
  if (typeof password.bcrypt === "string") return `bcrypt$${password.bcrypt}`;
  return "meteor-srp$";
}

/**
 * Returns `{sql, imported, skipped}`; `skipped` lists why documents were left
 * out. Existing rows are kept (INSERT OR IGNORE), so re-running is safe.
 */
export function toImportSql(users, now = Date.now()) {
  const statements = [];
  const skipped = [];
  let imported = 0;
  for (const user of users) {
    if (!user || typeof user._id !== "string" || !ID.test(user._id)) {
      skipped.push(`${JSON.stringify(user?._id)}: id is not a plain string id`);
      continue;
    }
    const username = typeof user.username === "string" ? user.username.slice(0, 64) : null;
    const emails = Array.isArray(user.emails)
      ? user.emails.filter((e) => typeof e?.address === "string" && EMAIL.test(e.address))
      : [];
    if (!username && emails.length === 0) {
      skipped.push(`${user._id}: neither username nor e-mail`);
      continue;
    }
    const profile = JSON.stringify(user.profile && typeof user.profile === "object" ? user.profile : {});
    statements.push(
      `INSERT OR IGNORE INTO users (id, username, profile, password_hash, created_at) VALUES (${sqlString(user._id)}, ${sqlString(username)}, ${sqlString(profile)}, ${sqlString(passwordOf(user.services))}, ${millis(user.createdAt, now)});`,
    );
    for (const email of emails) {
      statements.push(
        `INSERT OR IGNORE INTO user_emails (user_id, address, verified) VALUES (${sqlString(user._id)}, ${sqlString(email.address)}, ${email.verified ? 1 : 0});`,
      );
    }
    imported++;
  }
  return { sql: statements.join("\n"), imported, skipped };
}
