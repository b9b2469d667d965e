/**
 * The catalogue when nothing matches. When what was searched is a product
 * barcode (an EAN or UPC scanned by a handheld scanner into the search box)
 * it offers to make the item that carries it, and opens it to be filled in.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import { METHOD } from "../../protocol/api";
import { BARCODE_NAMES, parseBarcode } from "../../protocol/barcodes";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live";
import { Button } from "../ui/Button";

export function NoMatch({ roomId, text, canEdit }: { roomId: string; text: string; canEdit: boolean }) {
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const check = parseBarcode(text);
  // Any text is a valid Code 128 value: only a numeric product code reads as a barcode here.
  const barcode = check.ok && check.kind !== "code128" ? check : null;

  async function create(value: string) {
    setError(null);
    try {
      const id = (await call(METHOD.ITEMS_ADD, { title: `New item ${value}`, barcode: value })) as string;
      navigate(`/rooms/${roomId}/items/${id}`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <div className="empty-state">
      <h3>{barcode ? `No item has barcode ${barcode.value}` : "No items match"}</h3>
      {barcode && canEdit ? (
        <>
          <p>It is a valid {BARCODE_NAMES[barcode.kind]}. Make the item it belongs to, then fill in its details.</p>
          <Button onClick={() => void create(barcode.value)}>New item with this barcode</Button>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <p>Try other words, or clear the filters.</p>
      )}
    </div>
  );
}
