/**
 * Password handling (docs/protocol.md §2). The browser sends the hex SHA-256 digest of
 * the password (`{digest, algorithm: "sha-256"}`); a plain string is digested
 * here. Only a slow salted hash of the digest is stored: PBKDF2-SHA-256 via
 * WebCrypto (see README, "Password storage", for the measurement behind the
 * choice). Stored form: `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, so
 * a change of parameters is noticed at login and the hash upgraded; bcrypt
 * hashes imported from Meteor (`bcrypt$...`) are checked and upgraded too.
 */
import { compare as bcryptCompare } from "bcryptjs";
import { base64ToBytes, bytesToBase64 } from "../../protocol/ejson";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { constantTimeEqual } from "./tokens";

/** Workers' WebCrypto refuses more than 100,000 PBKDF2 iterations. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const EMPTY_DIGEST = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The hex SHA-256 digest of a password as sent by a client. */
export async function passwordDigest(password: unknown): Promise<string> {
  if (typeof password === "string") {
    if (password === "") throw new LiveError(400, ERROR_TEXT.PASSWORD_EMPTY);
    return sha256Hex(password);
  }
  if (isRecord(password) && password.algorithm === "sha-256" && typeof password.digest === "string") {
    const digest = password.digest.toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(digest)) throw new LiveError(400, "Invalid password digest");
    if (digest === EMPTY_DIGEST) throw new LiveError(400, ERROR_TEXT.PASSWORD_EMPTY);
    return digest;
  }
  throw new LiveError(400, "Password must be a string");
}

async function pbkdf2(digest: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(digest), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(digest: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(digest, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${bytesToBase64(salt)}$${bytesToBase64(hash)}`;
}

export type PasswordCheck = { ok: true; needsRehash: boolean } | { ok: false; reason: "mismatch" | "unsupported" };

/**
 * Meteor stored bcrypt of the same hex SHA-256 digest we receive, so imported
 * accounts (`bcrypt$<hash>`) keep working; a match asks for an upgrade.
 */
async function verifyBcrypt(digest: string, hash: string): Promise<PasswordCheck> {
  if (!/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) return { ok: false, reason: "unsupported" };
  return (await bcryptCompare(digest, hash)) ? { ok: true, needsRehash: true } : { ok: false, reason: "mismatch" };
}

/** Checks a digest against a stored hash. Never throws on a bad stored value. */
export async function verifyPassword(digest: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith("bcrypt$")) return verifyBcrypt(digest, stored.slice("bcrypt$".length));
  const parts = stored.split("$");
  if (parts[0] !== "pbkdf2-sha256" || parts.length !== 4) return { ok: false, reason: "unsupported" };
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return { ok: false, reason: "unsupported" };
  }
  const expected = parts[3] as string;
  const actual = bytesToBase64(await pbkdf2(digest, base64ToBytes(parts[2] as string), iterations));
  if (!constantTimeEqual(actual, expected)) return { ok: false, reason: "mismatch" };
  return { ok: true, needsRehash: iterations !== PBKDF2_ITERATIONS };
}
