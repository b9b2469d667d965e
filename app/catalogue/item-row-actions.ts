/** What a catalogue row (ItemRow.tsx) and its variants' rows (VariantRow.tsx) may ask of the list. */
import type { ItemDoc } from "../../protocol/api";
import type { VariantPatch } from "../../protocol/variant-args";

export interface ItemRowActions {
  update(id: string, patch: Partial<ItemDoc>): Promise<unknown>;
  /** One variant's edit (`items.updateVariant`): a count records a correction. */
  updateVariant(itemId: string, variantId: string, patch: VariantPatch): Promise<unknown>;
  /** Names whoever changed the item last (for a cell whose value changes while it is edited). */
  nameOf(userId: string): string;
  /** `height` is the row's, so its stand-in can keep the rows below in place. */
  remove(item: ItemDoc, height: number): void;
  /** An item just marked sold: its last unit's sale may be recorded too (use-offer-sale.ts). */
  sold(item: ItemDoc): void;
}
