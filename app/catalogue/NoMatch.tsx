/**
 * The catalogue when nothing matches. When what was searched is a product
 * barcode (an EAN or UPC scanned by a handheld scanner into the search box)
 * it offers to make the item that carries it, and opens it to be filled in.
 */
import { BARCODE_NAMES } from "../../protocol/barcodes";
import { NewItemWithBarcode, productBarcode } from "./NewItemWithBarcode";

export function NoMatch({ roomId, text, canEdit }: { roomId: string; text: string; canEdit: boolean }) {
  const barcode = productBarcode(text);
  return (
    <div className="empty-state">
      <h3>{barcode ? `No item has barcode ${barcode.value}` : "No items match"}</h3>
      {barcode && canEdit ? (
        <>
          <p>It is a valid {BARCODE_NAMES[barcode.kind]}. Make the item it belongs to, then fill in its details.</p>
          <NewItemWithBarcode roomId={roomId} barcode={barcode.value} />
        </>
      ) : (
        <p>Try other words, or clear the filters.</p>
      )}
    </div>
  );
}
