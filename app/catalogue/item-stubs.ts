/**
 * The quick local versions (stubs) of every item write the app makes, so an
 * edit shows the moment it is made (app/live/simulation.ts). Each checks its
 * arguments with the same schemas the server uses and does what the server
 * will do to the item — the server's answer then confirms it, or its
 * refusal takes it back. Defaults mirror the server's (worker/db/room/room-schema.ts).
 */
import * as v from "valibot";
import {
  COLLECTION,
  hasVariants,
  type ItemDoc,
  type LocationDoc,
  MAIN_LOCATION_ID,
  METHOD,
  productEditFields,
  settleTotal,
  stockOfItem,
  stockWith,
} from "../../protocol/api";
import { METHOD_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { LiveDoc } from "../live";
import type { MethodStub, StubContext } from "../live/simulation";

/** What the stubs need to know about where they run. */
export interface ItemStubEnv {
  /** The room's currency: a new item without one takes it, as on the server. */
  roomCurrency(): string | null;
  userId(): string | null;
  now?(): Date;
}

/** Arguments checked as the server checks them; a refusal reads the same as the server's. */
function parse<T extends keyof typeof METHOD_ARGS>(method: T, params: readonly unknown[]) {
  const parsed = v.safeParse(METHOD_ARGS[method], params);
  if (!parsed.success) throw new LiveError(400, parsed.issues[0]?.message ?? "Invalid arguments");
  return parsed.output as v.InferOutput<(typeof METHOD_ARGS)[T]>;
}

const ITEMS = COLLECTION.ITEMS;

function newItem(env: ItemStubEnv, id: string, fields: Partial<ItemDoc>): ItemDoc {
  const now = env.now?.() ?? new Date();
  return {
    description: "",
    sku: "",
    priceCents: 0,
    currency: env.roomCurrency() ?? "USD",
    quantity: 0,
    status: "draft",
    location: "",
    tags: [],
    photos: [],
    storeProductId: "",
    barcode: "",
    reorderPoint: null,
    createdBy: env.userId() ?? "",
    updatedBy: env.userId() ?? "",
    createdAt: now,
    updatedAt: now,
    title: "",
    ...fields,
    _id: id,
  };
}

/** A typed total's stock by location, settled as the server settles it (docs/architecture.md §9). */
function stockForTotal(ctx: StubContext, id: string, quantity: number | undefined): { stock?: Record<string, number> } {
  const item = ctx.findOne(ITEMS, id) as ItemDoc | undefined;
  if (quantity === undefined || !item) return {};
  const home = (ctx.find(COLLECTION.LOCATIONS) as readonly (LiveDoc & LocationDoc)[])
    .filter((location) => !location.archived)
    .sort((a, b) => a.position - b.position)[0];
  let stock = stockOfItem(item);
  for (const { locationId, delta } of settleTotal(stock, quantity, home?._id ?? MAIN_LOCATION_ID)) {
    stock = stockWith(stock, locationId, delta);
  }
  return { stock };
}

const photosOf = (ctx: StubContext, id: string) => (ctx.findOne(ITEMS, id)?.photos as string[] | undefined) ?? [];

export function itemStubs(env: ItemStubEnv): Record<string, MethodStub> {
  const touched = () => ({ updatedAt: env.now?.() ?? new Date(), updatedBy: env.userId() ?? "" });
  return {
    [METHOD.ITEMS_ADD]: (ctx, ...params) => {
      const [fields] = parse(METHOD.ITEMS_ADD, params);
      const id = ctx.newId(ITEMS);
      ctx.insert(ITEMS, { ...newItem(env, id, fields) });
    },
    [METHOD.ITEMS_UPDATE]: (ctx, ...params) => {
      // What the person saw is the server's to compare (docs/stock.md); shown here is what they typed.
      const [id, { quantityWas: _seen, ...patch }] = parse(METHOD.ITEMS_UPDATE, params);
      const item = ctx.findOne(ITEMS, id) as ItemDoc | undefined;
      // A product sold in variants keeps its stock and codes in them (variant-stubs.ts).
      const own = item && hasVariants(item) ? productEditFields(item, patch) : stockForTotal(ctx, id, patch.quantity);
      ctx.update(ITEMS, id, { ...patch, ...own, ...touched() });
    },
    [METHOD.ITEMS_REMOVE]: (ctx, ...params) => {
      const [id] = parse(METHOD.ITEMS_REMOVE, params);
      ctx.remove(ITEMS, id);
    },
    [METHOD.ITEMS_RESTORE]: (ctx, ...params) => {
      const [id, fields] = parse(METHOD.ITEMS_RESTORE, params);
      ctx.insert(ITEMS, { ...newItem(env, id, fields) });
    },
    [METHOD.ITEMS_SET_STATUS]: (ctx, ...params) => {
      const [ids, status] = parse(METHOD.ITEMS_SET_STATUS, params);
      for (const id of ids) ctx.update(ITEMS, id, { status, ...touched() });
    },
    [METHOD.ITEMS_ADD_PHOTO]: (ctx, ...params) => {
      const [id, photoId] = parse(METHOD.ITEMS_ADD_PHOTO, params);
      const photos = photosOf(ctx, id);
      if (!photos.includes(photoId)) ctx.update(ITEMS, id, { photos: [...photos, photoId], ...touched() });
    },
    [METHOD.ITEMS_MOVE_PHOTO]: (ctx, ...params) => {
      const [id, photoId, index] = parse(METHOD.ITEMS_MOVE_PHOTO, params);
      const photos = photosOf(ctx, id);
      if (!photos.includes(photoId)) return;
      const next = photos.filter((photo) => photo !== photoId);
      next.splice(Math.min(index, next.length), 0, photoId);
      ctx.update(ITEMS, id, { photos: next, ...touched() });
    },
  };
}
