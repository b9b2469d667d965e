/**
 * Known devices (docs/protocol.md §2, §8): after a person signs in, their browser asks
 * for a device key (`accounts.rememberDevice`), which the server issues and
 * remembers — hashed — for that account. A password login that presents a
 * key known for the account is counted on that device's own count instead
 * of the account's (login-guard.ts), so someone guessing from elsewhere can
 * fill the account's count without ever locking the owner out of her own
 * browser. The key proves only "this browser signed in here before"; the
 * password is checked as always. A password change, "log out other devices"
 * or a reset forgets every device of the account (a key taken from a shared
 * laptop must not keep its own count for ever); the browser that did it asks
 * again at once.
 */

import * as v from "valibot";
import { ACCOUNT_METHOD } from "../../protocol/account-args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { isIssuedDeviceKey, isKnownDevice, rememberDevice } from "../db/directory/known-devices-repo";
import type { LiveRegistry } from "../live/registry";
import type { AccountsHost } from "./accounts-host";
import { hashToken, newToken } from "./tokens";

const deviceKeySchema = v.pipe(v.string(), v.minLength(20), v.maxLength(200));

/**
 * The hash of the device key a login presented, when the key is known for
 * `userId`; otherwise null. It reads D1 whenever a key is presented, account
 * or not, so the answer's timing does not tell whether the account exists.
 */
export async function knownDeviceHash(host: AccountsHost, presented: unknown, userId: string | null) {
  const parsed = v.safeParse(deviceKeySchema, presented);
  if (!parsed.success) return null;
  const keyHash = await hashToken(parsed.output);
  return (await isKnownDevice(host.db, keyHash, userId ?? "")) && userId ? keyHash : null;
}

export function registerKnownDevices<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  const accounts = registry as unknown as LiveRegistry<AccountsHost>;

  // Called by the app after every sign-in. A key the server issued before (to this account or
  // another signed in on the same browser) is kept, and now known for this account too.
  defineMethod(accounts, ACCOUNT_METHOD.REMEMBER_DEVICE, {
    run: async (ctx, presented): Promise<string> => {
      if (!ctx.userId) throw new LiveError(401, "Must be logged in");
      const now = ctx.host.now();
      if (presented && v.is(deviceKeySchema, presented)) {
        const keyHash = await hashToken(presented);
        if (await isIssuedDeviceKey(ctx.host.db, keyHash)) {
          await rememberDevice(ctx.host.db, keyHash, ctx.userId, now);
          return presented;
        }
      }
      const key = newToken();
      await rememberDevice(ctx.host.db, await hashToken(key), ctx.userId, now);
      return key;
    },
  });
}
