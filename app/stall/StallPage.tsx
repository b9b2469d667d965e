/**
 * The stall (docs/stock.md): a phone at a market stall or a shop's till.
 * Scan an item's label or barcode — camera or handheld — and that variant's
 * card shows: its name, price and what is here; _Sold_ and _Received_ are
 * one tap each, at the location this device sells from (chosen once, kept
 * on the device). It works with no line like every edit (the stock stubs
 * and the waiting calls); a sale is never refused for want of stock. What
 * this screen recorded is listed with whether it is saved, and tallied.
 */
import { useState } from "react";
import { COLLECTION, can, findVariant, type ItemDoc, PUBLICATION, type RoomRole } from "../../protocol/api";
import { NewItemWithBarcode, productBarcode } from "../catalogue/NewItemWithBarcode";
import { variantTitle } from "../catalogue/variant-names";
import { useFind } from "../live";
import { useSubscribe } from "../live-api";
import { formatPrice } from "../money";
import { ScanCodes } from "../stock/ScanCodes";
import { useChosenPlace } from "../stock/use-chosen-place";
import { confirmScan } from "../stocktake/confirm-scan";
import type { DeviceItems } from "../stocktake/stocktake-stubs";
import { targetForCodeHere, variantNeededHere } from "../stocktake/stocktake-stubs";
import { useStocktakeItems } from "../stocktake/use-stocktake-items";
import { Button } from "../ui/Button";
import { StallEntries } from "./StallEntries";
import { type StallAction, useStallRecords } from "./use-stall-records";
import "./stall.css";
import { LocationSelect } from "../stock/LocationSelect";

export interface StallPageProps {
  role: RoomRole | null;
  roomId: string;
  deviceItems: DeviceItems;
}

export function StallPage({ role, roomId, deviceItems }: StallPageProps) {
  // What each printed label encodes, so a label scanned with no line finds its variant.
  useSubscribe(PUBLICATION.STOCKTAKE_LABELS);
  const labels = useFind(COLLECTION.STOCKTAKE_LABELS);
  const { items } = useStocktakeItems(roomId, deviceItems);
  const { place, choose, open } = useChosenPlace(roomId, "stall");
  const [shown, setShown] = useState<{ itemId: string; variantId: string } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean; unknown?: string } | null>(null);
  const records = useStallRecords();

  function scan(text: string) {
    const target = targetForCodeHere(text, items, labels);
    if (!target) {
      const ambiguous = variantNeededHere(text, items, labels);
      setShown(null);
      setNotice({ text: ambiguous ?? `No item of this room has ${text}`, error: true, unknown: text });
      confirmScan("refused");
      return;
    }
    setShown({ itemId: target.item._id, variantId: target.variantId });
    setNotice(null);
    confirmScan("counted");
  }

  const item = shown ? items.find((each) => each._id === shown.itemId) : undefined;
  const variant = item && shown ? findVariant(item, shown.variantId) : undefined;
  const where = open.find((location) => location._id === place)?.name ?? "";

  if (!can.receive(role)) {
    return (
      <section className="card empty-state">
        <h2>Stall</h2>
        <p className="muted">Viewers see the stock; selling and receiving are for the room's team.</p>
      </section>
    );
  }
  return (
    <div className="stall">
      <section className="card" aria-labelledby="stall-heading">
        <h2 id="stall-heading">Stall</h2>
        <label className="stall-place">
          Selling from <LocationSelect locations={open} value={place} onChange={choose} />
        </label>
        <ScanCodes
          id="stall-code"
          action="Find"
          hint="Hold a label or barcode in the frame: its card shows below."
          onCode={scan}
          onBounce={(text) => setNotice({ text, error: true })}
        />
        {notice && (
          <div className={notice.error ? "error" : "muted"} role="status" data-testid="stall-notice">
            <p>{notice.text}</p>
            {notice.unknown && can.editItems(role) && productBarcode(notice.unknown) && (
              <NewItemWithBarcode roomId={roomId} barcode={productBarcode(notice.unknown)?.value as string} />
            )}
          </div>
        )}
      </section>
      {item && variant && (
        <VariantCard
          item={item}
          variantId={variant._id}
          place={place}
          where={where}
          role={role}
          onRecord={(action) => records.record(action, item, variant._id, place, where)}
        />
      )}
      <StallEntries records={records.list} />
    </div>
  );
}

function VariantCard({
  item,
  variantId,
  place,
  where,
  role,
  onRecord,
}: {
  item: ItemDoc;
  variantId: string;
  place: string;
  where: string;
  role: RoomRole | null;
  onRecord(action: StallAction): void;
}) {
  const variant = findVariant(item, variantId);
  if (!variant) return null;
  const here = variant.stock[place] ?? 0;
  return (
    <section className="card stall-card" aria-label={variantTitle(item, variantId)} data-testid="stall-card">
      <h3>{variantTitle(item, variantId)}</h3>
      <p className="stall-price">{formatPrice(variant.priceCents, item.currency)}</p>
      <p className={here < 0 ? "error" : "muted"} data-testid="stall-held">
        {here.toLocaleString()} at {where}
        {here < 0 ? " — needs a count" : ""}
      </p>
      <div className="stall-actions">
        {can.sell(role) && (
          <Button onClick={() => onRecord("sold")} className="stall-sold">
            Sold
          </Button>
        )}
        <Button variant="secondary" onClick={() => onRecord("received")}>
          Received
        </Button>
      </div>
    </section>
  );
}
