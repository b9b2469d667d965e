/**
 * Suppliers (docs/buying.md): who a room buys its stock from — a name, who
 * to speak to, where to send orders, how long a delivery takes, notes. Any
 * member who edits items keeps the list; every member sees it. A supplier
 * is archived, never deleted, so what was bought from them keeps its name.
 */
import * as v from "valibot";
import { takes } from "./contract";
import { idSchema } from "./id-schema";

export const SUPPLIER_METHOD = {
  SUPPLIERS_ADD: "suppliers.add",
  /** Changes the fields given; the others stay. */
  SUPPLIERS_UPDATE: "suppliers.update",
  /** Archives a supplier (off the lists new choices are made from) or brings one back. */
  SUPPLIERS_ARCHIVE: "suppliers.archive",
} as const;

export const SUPPLIER_PUBLICATION = {
  /** The room's suppliers, archived ones too, by name (`suppliers`). */
  SUPPLIERS: "suppliers",
} as const;

/** Longest a supplier's name, contact and notes may be. */
export const SUPPLIER_LIMITS = { NAME: 120, CONTACT: 120, NOTES: 2_000, LEAD_TIME_DAYS: 365 } as const;

/** One supplier, as every member's screen has it. */
export interface SupplierDoc {
  _id: string;
  name: string;
  /** Who to speak to there ("" for no one in particular). */
  contact: string;
  /** Where orders are sent ("" for none yet). */
  email: string;
  /** Days from ordering to delivery, as the shop knows it; null: not known. */
  leadTimeDays: number | null;
  notes: string;
  archived: boolean;
}

const nameSchema = v.pipe(
  v.string("A supplier's name must be text"),
  v.trim(),
  v.nonEmpty("Give the supplier a name"),
  v.maxLength(SUPPLIER_LIMITS.NAME, `A supplier's name must be at most ${SUPPLIER_LIMITS.NAME} characters`),
);

const supplierFields = {
  contact: v.pipe(
    v.string("A contact must be text"),
    v.trim(),
    v.maxLength(SUPPLIER_LIMITS.CONTACT, `A contact must be at most ${SUPPLIER_LIMITS.CONTACT} characters`),
  ),
  email: v.union(
    [
      v.literal(""),
      v.pipe(
        v.string("An e-mail address must be text"),
        v.trim(),
        v.maxLength(254, "E-mail address is too long"),
        v.email("That is not an e-mail address"),
      ),
    ],
    "That is not an e-mail address",
  ),
  leadTimeDays: v.nullable(
    v.pipe(
      v.number("A lead time must be a number of days"),
      v.integer("A lead time must be whole days"),
      v.minValue(0, "A lead time cannot be below 0 days"),
      v.maxValue(SUPPLIER_LIMITS.LEAD_TIME_DAYS, `A lead time must be at most ${SUPPLIER_LIMITS.LEAD_TIME_DAYS} days`),
    ),
  ),
  notes: v.pipe(
    v.string("Notes must be text"),
    v.maxLength(SUPPLIER_LIMITS.NOTES, `Notes must be at most ${SUPPLIER_LIMITS.NOTES} characters`),
  ),
};

/** A new supplier: its name, and whichever other fields are known. */
export const newSupplierSchema = v.strictObject({
  name: nameSchema,
  contact: v.optional(supplierFields.contact),
  email: v.optional(supplierFields.email),
  leadTimeDays: v.optional(supplierFields.leadTimeDays),
  notes: v.optional(supplierFields.notes),
});
export type NewSupplier = v.InferInput<typeof newSupplierSchema>;

/** A change to a supplier: the fields given. */
export const supplierChangeSchema = v.strictObject({
  name: v.optional(nameSchema),
  contact: v.optional(supplierFields.contact),
  email: v.optional(supplierFields.email),
  leadTimeDays: v.optional(supplierFields.leadTimeDays),
  notes: v.optional(supplierFields.notes),
});
export type SupplierChange = v.InferInput<typeof supplierChangeSchema>;

export const SUPPLIER_METHODS = {
  [SUPPLIER_METHOD.SUPPLIERS_ADD]: takes(v.tuple([newSupplierSchema])).answers<string>(),
  [SUPPLIER_METHOD.SUPPLIERS_UPDATE]: takes(v.tuple([idSchema, supplierChangeSchema])).answers<null>(),
  [SUPPLIER_METHOD.SUPPLIERS_ARCHIVE]: takes(v.tuple([idSchema, v.boolean("Archive: true or false")])).answers<null>(),
} as const;

export const SUPPLIER_PUBLICATION_ARGS = {
  [SUPPLIER_PUBLICATION.SUPPLIERS]: v.tuple([]),
} as const;
