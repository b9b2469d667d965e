/** What an id may look like (generated ids, a random seed's ids, "main"): checked before any lookup. */
import * as v from "valibot";

export const idSchema = v.pipe(v.string("Id must be text"), v.regex(/^[A-Za-z0-9_-]{1,64}$/, "Malformed id"));
