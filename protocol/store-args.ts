/** The online store: connecting, testing, publishing, unpublishing and syncing (docs/product.md §5). */
import * as v from "valibot";
import { LIMITS, METHOD } from "./api";
import { takes } from "./contract";
import type { StoreConnected } from "./docs";
import { idSchema } from "./id-schema";

const storeText = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(LIMITS.STORE_CREDENTIAL, `${label} is too long`),
  );

/**
 * What `store.connect` takes: the store's domain and either the client ID
 * and secret of the merchant's own app (client-credentials grant) or an
 * Admin API access token from an older custom app. The server checks the
 * domain's shape itself (it also accepts a pasted store URL).
 */
export const storeConnectSchema = v.union(
  [
    v.strictObject({
      domain: storeText("Store domain"),
      clientId: storeText("Client ID"),
      clientSecret: storeText("Client secret"),
    }),
    v.strictObject({ domain: storeText("Store domain"), accessToken: storeText("Access token") }),
  ],
  "Give the store domain and either a client ID and secret or an access token",
);
export type StoreConnectArgs = v.InferOutput<typeof storeConnectSchema>;

export const STORE_METHODS = {
  [METHOD.STORE_CONNECT]: takes(v.tuple([storeConnectSchema])).answers<StoreConnected>(),
  [METHOD.STORE_TEST]: takes(v.tuple([])).answers<{ shopName: string }>(),
  [METHOD.STORE_DISCONNECT]: takes(v.tuple([])).answers(),
  [METHOD.STORE_PUBLISH]: takes(v.tuple([idSchema])).answers<{ storeProductId: string }>(),
  [METHOD.STORE_UNPUBLISH]: takes(v.tuple([idSchema])).answers<null>(),
  [METHOD.STORE_SYNC]: takes(
    v.tuple([
      v.optional(
        v.strictObject({
          /** Everything again, not only what changed since the last sync. */
          full: v.optional(v.boolean("full must be true or false")),
        }),
      ),
    ]),
  ).answers<{ started: boolean }>(),
} as const;
