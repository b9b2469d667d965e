/** A document as the client holds it: the server's fields, frozen, under its id. */
export interface LiveDoc {
  readonly _id: string;
  readonly [field: string]: unknown;
}
