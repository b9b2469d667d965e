/**
 * What a caller hears when the store cannot be used, in words that say what
 * to check (the domain, the credentials, the app's permissions, the
 * network). Anything unexpected is logged on the server and reaches the
 * client only as one of these.
 */
import { STORE_ACCESS_SCOPES } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";

export const STORE_ERROR = {
  BAD_DOMAIN: "Store domain must look like your-shop.myshopify.com",
  REFUSED:
    "The store refused these credentials. Check the client ID and secret (or the access token), and that the app is installed on this store.",
  NO_STORE:
    "No Shopify store answers at this domain. Check the store domain: your Shopify admin shows it under Settings › Domains (your-shop.myshopify.com).",
  UNREACHABLE: "Could not reach the store. Check the store domain and the connection, then try again.",
  TIMEOUT: "The store did not answer in time. Try again in a minute.",
  MISSING_SCOPE: `The store's app lacks a permission this needs. In Shopify, give the app these access scopes and install it again: ${STORE_ACCESS_SCOPES.join(", ")}.`,
  BAD_ANSWER: "The store's answer could not be read. Try again in a minute; if it goes on, see status.shopify.com.",
  BUSY: "The store is busy. Try again in a minute.",
  UNREADABLE: "The saved store connection can no longer be read. Connect the store again.",
} as const;

export const badDomain = () => new LiveError(400, STORE_ERROR.BAD_DOMAIN);
export const refused = () => new LiveError(401, STORE_ERROR.REFUSED);
export const noStore = () => new LiveError(404, STORE_ERROR.NO_STORE);
export const missingScope = () => new LiveError(403, STORE_ERROR.MISSING_SCOPE);
export const badAnswer = () => new LiveError(502, STORE_ERROR.BAD_ANSWER);
export const storeBusy = () => new LiveError(503, STORE_ERROR.BUSY);

/** A request that never got an answer: it ran out of time, or the store could not be reached at all. */
export function unreachable(error: unknown): LiveError {
  const name = error instanceof Error ? error.name : "";
  return name === "TimeoutError" || name === "AbortError"
    ? new LiveError(504, STORE_ERROR.TIMEOUT)
    : new LiveError(502, STORE_ERROR.UNREACHABLE);
}
