import type { ItemDoc } from "../../protocol/api";
import type { LiveDoc } from "../live";

/** An item among the live documents this browser holds (the items collection also carries window markers). */
export const isItemDoc = (doc: LiveDoc): doc is LiveDoc & ItemDoc => typeof doc.title === "string";
