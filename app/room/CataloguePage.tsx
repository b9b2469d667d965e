/**
 * The catalogue: the live list with its sticky toolbar, and — for people who
 * edit — quick add, new items from photos and a CSV import. On a phone the
 * list comes first and the add forms after it.
 */
import { can, type RoomRole } from "../../protocol/api";
import { AddItemForm } from "../catalogue/AddItemForm";
import { CatalogueList } from "../catalogue/CatalogueList";
import { ImportCsv } from "../catalogue/import/ImportCsv";
import { PhotoIntake } from "../catalogue/PhotoIntake";

export function CataloguePage({ roomId, role, loading }: { roomId: string; role: RoomRole | null; loading: boolean }) {
  const canEdit = can.editItems(role);
  return (
    <div className="catalogue-page">
      {role === "viewer" && (
        <p className="read-only-note" role="note">
          You are a viewer in this room: you can see everything and print labels, but not change items.
        </p>
      )}
      {role === "counter" && (
        <p className="read-only-note" role="note">
          You are a counter in this room: you count in stocktakes and record stock received on an item's page, but do
          not change items.
        </p>
      )}
      {role === "cashier" && (
        <p className="read-only-note" role="note">
          You are the cashier in this room: you sell, take returns and receive stock (the Stall tab, or an item's page)
          and count in stocktakes, but do not change items or prices.
        </p>
      )}
      {canEdit && (
        <div className="catalogue-add">
          <PhotoIntake roomId={roomId} />
          <AddItemForm />
          <ImportCsv />
        </div>
      )}
      <CatalogueList roomId={roomId} canEdit={canEdit} loading={loading} />
    </div>
  );
}
