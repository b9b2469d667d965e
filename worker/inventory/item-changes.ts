/** What an edit changes, field by field, for the item's history. */
import type { ItemDoc } from "../../protocol/api";
import type { ItemPatch } from "../../protocol/args";

type Changes = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only fields whose value really changes: saving an unchanged form writes no history. */
export function changedFields(before: ItemDoc, patch: ItemPatch): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(patch)) {
    if (to === undefined) continue;
    const from = before[field as keyof ItemDoc];
    if (!same(from, to)) changes[field] = { from, to };
  }
  return changes;
}
