/**
 * _New item with this barcode_: a product barcode no item of the room has
 * (an EAN or UPC scanned in the catalogue's search, at the stall, or into a
 * delivery) becomes a new item carrying it, opened to be filled in.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import { METHOD } from "../../protocol/api";
import { type BarcodeKind, parseBarcode } from "../../protocol/barcodes";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";

/** The product barcode `text` is, if it is one (any text is a Code 128 value: only a numeric product code counts). */
export function productBarcode(text: string): { value: string; kind: BarcodeKind } | null {
  const check = parseBarcode(text);
  return check.ok && check.kind !== "code128" ? { value: check.value, kind: check.kind } : null;
}

export function NewItemWithBarcode({ roomId, barcode }: { roomId: string; barcode: string }) {
  const call = useCall();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  async function create() {
    setError(null);
    try {
      const id = await call(METHOD.ITEMS_ADD, { title: `New item ${barcode}`, barcode });
      navigate(`/rooms/${roomId}/items/${id}`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }
  return (
    <>
      <Button onClick={() => void create()}>New item with this barcode</Button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
