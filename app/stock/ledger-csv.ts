/** The ledger as a CSV file (cells a spreadsheet would run as formulas kept as text: protocol/csv.ts). */

import { MOVEMENT_REASON_LABELS, type MovementDoc } from "../../protocol/api";
import { csvLine } from "../../protocol/csv";

export function ledgerCsv(
  movements: readonly MovementDoc[],
  currency: string,
  /** `item` names a movement's item, and its variant when it is one of a product's ("Tee — M"). */
  names: { item(movement: MovementDoc): string; location(id: string): string; person(id: string): string },
): string {
  const header = csvLine([
    "When",
    "Item",
    "Location",
    "Change",
    "Balance",
    "Reason",
    "Who",
    "Note",
    "Reference",
    "Price each",
    "Currency",
  ]);
  const rows = movements.map((movement) =>
    csvLine([
      movement.at,
      names.item(movement),
      names.location(movement.locationId),
      movement.quantity,
      movement.balance,
      MOVEMENT_REASON_LABELS[movement.reason],
      names.person(movement.userId),
      movement.note,
      movement.reference,
      movement.priceCents === null ? "" : (movement.priceCents / 100).toFixed(2),
      movement.priceCents === null ? "" : currency,
    ]),
  );
  return header + rows.join("");
}
