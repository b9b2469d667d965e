/** Devices known to have signed in to an account (security-schema.ts): look up, remember, forget. */
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "./database";
import { knownDevices } from "./schema";

export async function isKnownDevice(db: Database, keyHash: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.keyHash, keyHash), eq(knownDevices.userId, userId)))
    .get();
  return row !== undefined;
}

/** Whether the server issued this key to any account (a key nobody was given is replaced). */
export async function isIssuedDeviceKey(db: Database, keyHash: string): Promise<boolean> {
  const row = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.keyHash, keyHash))
    .limit(1)
    .get();
  return row !== undefined;
}

export async function rememberDevice(db: Database, keyHash: string, userId: string, now: number): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ keyHash, userId, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: [knownDevices.keyHash, knownDevices.userId], set: { lastSignInAt: now } });
}

/** Every device known for the account is forgotten (a password change, "log out other devices", a reset). */
export async function forgetDevices(db: Database, userId: string): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

/** Devices not signed in with since `before` are forgotten (the cron job; known_devices_last_sign_in_idx). */
export async function forgetDevicesIdleSince(db: Database, before: number): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastSignInAt, before));
}
