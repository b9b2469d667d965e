/**
 * Suppliers (docs/buying.md): the room's list of who it buys from, kept by
 * the members who edit items and seen by every member, live. Names are
 * unique in a room whatever their case, so a CSV or a purchase order naming
 * a supplier finds one. A supplier is archived, never deleted: what was
 * bought from them keeps their name.
 */
import { COLLECTION, can, METHOD, PUBLICATION, type SupplierDoc } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { NewSupplier, SupplierChange } from "../../protocol/supplier-args";
import { defineMethod } from "../contract";
import { newId } from "../db/directory/database";
import type { SupplierRow } from "../db/room/supplier-tables";
import {
  findSupplier,
  findSupplierByName,
  insertSupplier,
  listSuppliers,
  toSupplierDoc,
  updateSupplier,
} from "../db/room/suppliers-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";

export const supplierNameTaken = (name: string) => `There is a supplier called “${name}” already`;
export const NO_SUPPLIER = "No such supplier in this room";

/** Tells every screen with the list open about a supplier's new state. */
function announce(host: RoomHost, before: SupplierRow | null, after: SupplierRow): void {
  host.emit({
    collection: COLLECTION.SUPPLIERS,
    id: after.id,
    doc: asDoc(toSupplierDoc(after)),
    previous: before ? asDoc(toSupplierDoc(before)) : null,
  });
}

/** Refuses a name another supplier of the room has (whatever its case). */
function requireFreeName(host: RoomHost, name: string, self: string | null): void {
  const other = findSupplierByName(host.roomDb, name);
  if (other && other.id !== self) throw new LiveError(409, supplierNameTaken(other.name));
}

export function addSupplier(host: RoomHost, fields: NewSupplier): Promise<string> {
  return host.writes.run(async () => {
    requireFreeName(host, fields.name, null);
    const now = host.now();
    const row: SupplierRow = {
      id: newId(),
      name: fields.name,
      contact: fields.contact ?? "",
      email: fields.email ?? "",
      leadTimeDays: fields.leadTimeDays ?? null,
      notes: fields.notes ?? "",
      archivedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    insertSupplier(host.roomDb, row);
    announce(host, null, row);
    return row.id;
  });
}

function changeSupplier(host: RoomHost, id: string, change: Partial<SupplierRow>): Promise<null> {
  return host.writes.run(async () => {
    const before = findSupplier(host.roomDb, id);
    if (!before) throw new LiveError(404, NO_SUPPLIER);
    if (change.name !== undefined) requireFreeName(host, change.name, id);
    const after: SupplierRow = { ...before, ...change, updatedAt: host.now() };
    updateSupplier(host.roomDb, id, { ...change, updatedAt: after.updatedAt });
    announce(host, before, after);
    return null;
  });
}

export function registerSuppliers(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.SUPPLIERS_ADD, {
    run: async (ctx, fields) => {
      await requireRole(ctx, can.manageSuppliers);
      return addSupplier(ctx.host, fields);
    },
  });
  defineMethod(registry, METHOD.SUPPLIERS_UPDATE, {
    run: async (ctx, id, change: SupplierChange) => {
      await requireRole(ctx, can.manageSuppliers);
      const fields: Partial<SupplierRow> = {};
      if (change.name !== undefined) fields.name = change.name;
      if (change.contact !== undefined) fields.contact = change.contact;
      if (change.email !== undefined) fields.email = change.email;
      if (change.leadTimeDays !== undefined) fields.leadTimeDays = change.leadTimeDays;
      if (change.notes !== undefined) fields.notes = change.notes;
      return changeSupplier(ctx.host, id, fields);
    },
  });
  defineMethod(registry, METHOD.SUPPLIERS_ARCHIVE, {
    run: async (ctx, id, archived) => {
      await requireRole(ctx, can.manageSuppliers);
      return changeSupplier(ctx.host, id, { archivedAt: archived ? ctx.host.now() : null });
    },
  });

  registry.publish(PUBLICATION.SUPPLIERS, {
    args: PUBLICATION_ARGS[PUBLICATION.SUPPLIERS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.SUPPLIERS,
        key: "all",
        fetch: async () => listSuppliers(ctx.host.roomDb).map((row) => asDoc(toSupplierDoc(row) as SupplierDoc)),
        matches: () => true,
      } as const;
    },
  });
}
