/**
 * A room's store connection (docs/product.md §5): trying credentials and saving them
 * (a failed try saves nothing), finding the saved one, and the client that
 * store features (test, and later publish and sync) call the store with.
 */
import type { StoreConnectionDoc } from "../../protocol/api";
import type { StoreConnectArgs } from "../../protocol/args";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import type { StoreConnectionRow } from "../db/room/room-schema";
import { findStoreConnection, type NewStoreConnection } from "../db/room/store-repo";
import { requireStoreKey, sealSecret } from "./secret-box";
import { normaliseShopDomain } from "./shop-domain";
import { clientCredentialsTokens, type IssuedToken, staticToken, type TokenSource } from "./shopify-auth";
import { ShopifyClient } from "./shopify-client";
import { badAnswer } from "./store-errors";
import { type StoreHost, sealContext, storedTokens } from "./stored-tokens";

const SHOP_NAME_QUERY = "query StockroomShopName { shop { name } }";

/** The shop's name: proof that the domain and credentials work. */
export async function fetchShopName(client: ShopifyClient): Promise<string> {
  const data = await client.request<{ shop?: { name?: unknown } } | null>(SHOP_NAME_QUERY);
  const name = data?.shop?.name;
  if (typeof name !== "string" || name === "") {
    console.error(`store: ${client.shop} answered the shop query without a name`);
    throw badAnswer();
  }
  return name;
}

export function toStoreConnectionDoc(row: StoreConnectionRow | null): StoreConnectionDoc {
  if (!row) return { _id: "connection", connected: false, domain: "", authKind: null, shopName: "", connectedAt: null };
  return {
    _id: "connection",
    connected: true,
    domain: row.shopDomain,
    authKind: row.authKind,
    shopName: row.shopName,
    connectedAt: new Date(row.createdAt),
  };
}

/**
 * Tries the credentials (a token, then the shop's name) and answers the row
 * to save, secrets sealed. Nothing is written here.
 */
export async function tryConnection(
  host: StoreHost,
  userId: string,
  args: StoreConnectArgs,
): Promise<NewStoreConnection> {
  // Without the key nothing could be saved: say so before contacting the store.
  requireStoreKey(host.env);
  const shop = normaliseShopDomain(args.domain);
  const now = () => host.now();
  let source: TokenSource;
  let issued: () => IssuedToken | null = () => null;
  if ("accessToken" in args) {
    source = staticToken(args.accessToken);
  } else {
    const tokens = clientCredentialsTokens(shop, args.clientId, args.clientSecret, now);
    source = tokens;
    issued = tokens.issued;
  }
  const name = await fetchShopName(new ShopifyClient(shop, source, now));
  const token = issued();
  const at = host.now();
  return {
    roomId: host.roomId,
    shopDomain: shop,
    authKind: "accessToken" in args ? "access_token" : "client_credentials",
    clientId: "clientId" in args ? args.clientId : "",
    secret: await sealSecret(
      host.env,
      "accessToken" in args ? args.accessToken : args.clientSecret,
      sealContext(host.roomId, "secret"),
    ),
    accessToken: token ? await sealSecret(host.env, token.accessToken, sealContext(host.roomId, "access_token")) : null,
    accessTokenExpiresAt: token?.expiresAt ?? null,
    shopName: name,
    createdBy: userId,
    createdAt: at,
    updatedAt: at,
  };
}

/** The saved connection, or `404 Service not configured` (docs/protocol.md §7). */
export async function requireConnection(host: StoreHost): Promise<StoreConnectionRow> {
  const row = await findStoreConnection(host.roomDb, host.roomId);
  if (!row) throw new LiveError(404, ERROR_TEXT.SERVICE_NOT_CONFIGURED);
  return row;
}

/** A client for the room's connected store (what publish and sync use). */
export function storeClientFor(host: StoreHost, row: StoreConnectionRow): ShopifyClient {
  return new ShopifyClient(row.shopDomain, storedTokens(host, row), () => host.now());
}
