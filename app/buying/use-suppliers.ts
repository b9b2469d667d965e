/** The room's suppliers (docs/buying.md), by name; archived ones last. */
import { COLLECTION, PUBLICATION, type SupplierDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useSubscribe } from "../live-api";

const isSupplier = (doc: LiveDoc): doc is LiveDoc & SupplierDoc => typeof doc.leadTimeDays !== "undefined";
const byName = (a: SupplierDoc, b: SupplierDoc) =>
  Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

export function useSuppliers(): { suppliers: readonly SupplierDoc[]; loading: boolean } {
  const loading = useSubscribe(PUBLICATION.SUPPLIERS);
  const suppliers = useFind(COLLECTION.SUPPLIERS, isSupplier, byName);
  return { suppliers, loading };
}
