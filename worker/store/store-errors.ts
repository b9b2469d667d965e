/**
 * What a caller hears when the store cannot be used. Anything unexpected is
 * logged on the server and reaches the client only as one of these.
 */
import { LiveError } from "../../protocol/errors";

export const STORE_ERROR = {
  BAD_DOMAIN: "Store domain must look like your-shop.myshopify.com",
  REFUSED: "The store refused these credentials",
  BAD_ANSWER: "The store did not answer properly",
  BUSY: "The store is busy. Try again in a minute.",
  UNREADABLE: "The saved store connection can no longer be read. Connect the store again.",
} as const;

export const badDomain = () => new LiveError(400, STORE_ERROR.BAD_DOMAIN);
export const refused = () => new LiveError(401, STORE_ERROR.REFUSED);
export const badAnswer = () => new LiveError(502, STORE_ERROR.BAD_ANSWER);
export const storeBusy = () => new LiveError(503, STORE_ERROR.BUSY);
