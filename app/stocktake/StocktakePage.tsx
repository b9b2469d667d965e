/**
 * The room's stocktake (docs/stock.md "A count is a count at a moment and a place"):
 * start one or join the one under way, count
 * items by scanning their labels or barcodes with the phone's camera, or
 * typing a SKU (one scan counts one; CountForm.tsx),
 * see everyone's counts merge live — who is counting, what is counted, what
 * is expected but not yet seen, and the differences from the recorded
 * quantities — and, as an owner or admin, apply the counted quantities in
 * one step. Scans made offline show at once and join when back (their stub
 * and the journal of waiting calls, app/live). In a big room every figure
 * and every code counts against the device copy of the whole catalogue,
 * also with no line (use-stocktake-items.ts, docs/architecture.md §5).
 */
import { useMemo, useState } from "react";
import { COLLECTION, can, METHOD, PUBLICATION, type RoomRole, type StocktakeDoc } from "../../protocol/api";
import { CopyStatus } from "../catalogue/CopyStatus";
import { type LiveDoc, useFind, useStatus } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { useNameOf } from "../people/use-name-of";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Table } from "../ui/Table";
import { useToast } from "../ui/Toast";
import { ApplyProgress, useApplyUnderWay } from "./ApplyProgress";
import { CountForm } from "./CountForm";
import { LateCounts } from "./LateCounts";
import { PastStocktakes } from "./PastStocktakes";
import { StartStocktake } from "./StartStocktake";
import { reviewRows, type TallyDoc, tally } from "./stocktake-rows";
import type { DeviceItems } from "./stocktake-stubs";
import { useStocktakeItems } from "./use-stocktake-items";
import "./stocktake.css";
import { ReceiveStock } from "../stock/ReceiveStock";
import { signedUnits } from "../stock/signed-units";
import { locationName, useLocations } from "../stock/use-locations";

const isStocktake = (doc: LiveDoc): doc is LiveDoc & StocktakeDoc => doc.status === "open";

type Show = "all" | "differences" | "unseen";

export interface StocktakePageProps {
  role: RoomRole | null;
  roomId: string;
  /** Where a big room's device copy is handed to the scan's stub (stocktake-stubs.ts). */
  deviceItems: DeviceItems;
}

export function StocktakePage({ role, roomId, deviceItems }: StocktakePageProps) {
  useSubscribe(PUBLICATION.STOCKTAKE);
  // The past ones, and counts that arrived after one was applied (LateCounts, PastStocktakes).
  useSubscribe(PUBLICATION.PAST_STOCKTAKES);
  const [open] = useFind(COLLECTION.STOCKTAKES, isStocktake);
  return (
    <div className="stocktake">
      <LateCounts role={role} />
      {open ? (
        <OpenStocktake stocktake={open} role={role} roomId={roomId} deviceItems={deviceItems} />
      ) : (
        <StartStocktake role={role} />
      )}
      {can.receive(role) && <ReceiveStock roomId={roomId} role={role} />}
      <PastStocktakes />
    </div>
  );
}

function OpenStocktake({ stocktake, role, roomId, deviceItems }: { stocktake: StocktakeDoc } & StocktakePageProps) {
  // This person's own latest scans (to take one back), and what everyone's add up to.
  useSubscribe(PUBLICATION.STOCKTAKE_SCANS, stocktake._id);
  useSubscribe(PUBLICATION.STOCKTAKE_TALLY, stocktake._id);
  const isTally = useMemo(
    () =>
      (doc: LiveDoc): doc is LiveDoc & TallyDoc =>
        doc.stocktakeId === stocktake._id,
    [stocktake._id],
  );
  const counted = useFind(COLLECTION.STOCKTAKE_TALLY, isTally);
  const { items, copy } = useStocktakeItems(roomId, deviceItems);
  const connected = useStatus().connected;
  const [show, setShow] = useState<Show>("all");
  const applying = useApplyUnderWay(stocktake._id);

  const places = useMemo(() => stocktake.locations ?? [], [stocktake.locations]);
  const { counts, byPerson, rows, unseen, differing } = useMemo(
    () => tally(counted, items, places),
    [counted, items, places],
  );
  const { locations } = useLocations();
  const several = places.length > 1;
  const matching = show === "differences" ? differing : show === "unseen" ? unseen : rows;
  const big = copy !== null;
  const shown = useMemo(() => reviewRows(matching, big), [matching, big]);
  const name = useNameOf();

  return (
    <>
      <section className="card" aria-labelledby="stocktake-heading">
        <h2 id="stocktake-heading">
          Stocktake under way at {places.map((place) => locationName(locations, place)).join(", ")}
        </h2>
        <p className="muted">
          Started {stocktake.startedAt.toLocaleString()} by {name(stocktake.startedBy)}. A sale or delivery after a
          shelf was counted still counts: applying sets each count plus what moved since.
        </p>
        {copy && <CopyStatus copy={copy} offline={!connected} counting />}
        {applying ? (
          <ApplyProgress job={applying} />
        ) : can.count(role) ? (
          <CountForm stocktakeId={stocktake._id} items={items} places={places} />
        ) : (
          <p className="muted">Viewers watch the counts.</p>
        )}
      </section>

      <section className="card" aria-labelledby="counting-heading">
        <h2 id="counting-heading">Counting</h2>
        {byPerson.size === 0 ? (
          <p className="muted">No one has counted anything yet.</p>
        ) : (
          <ul className="stocktake-people" aria-label="Who is counting">
            {[...byPerson].map(([userId, n]) => (
              <li key={userId}>
                {name(userId)} <span className="muted">· {n.toLocaleString()} counted</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="stocktake-figures">
          <div>
            <dt>Items counted</dt>
            <dd data-testid="items-counted">{counts.size.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Expected, not yet seen</dt>
            <dd data-testid="items-unseen">{unseen.length.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Differences</dt>
            <dd data-testid="items-differing">{differing.length.toLocaleString()}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="review-heading">
        <div className="stocktake-review-head">
          <h2 id="review-heading">Review</h2>
          <label>
            Show{" "}
            <select value={show} onChange={(event) => setShow(event.target.value as Show)}>
              <option value="all">All items</option>
              <option value="differences">Differences only</option>
              <option value="unseen">Not yet seen</option>
            </select>
          </label>
        </div>
        <Table
          label="Counted against recorded quantities"
          testId="stocktake-table"
          stacked
          columns={[
            { key: "title", header: "Item" },
            ...(several ? [{ key: "location", header: "Location" }] : []),
            { key: "recorded", header: "Recorded", numeric: true },
            { key: "counted", header: "Counted", numeric: true },
            { key: "since", header: "Since counted", numeric: true },
            { key: "difference", header: "Difference", numeric: true },
          ]}
          rows={shown.map(({ key, locationId, title, expected, counted, since, difference }) => ({
            // One row per variant ("Tee — M") and location counted; a simple product is its own only variant.
            key,
            cells: {
              title,
              location: locationName(locations, locationId),
              recorded: expected.toLocaleString(),
              counted: counted === null ? "—" : counted.toLocaleString(),
              since: since === 0 ? "—" : signedUnits(since),
              difference: difference === null ? "not seen" : signedUnits(difference),
            },
          }))}
        />
        {shown.length < matching.length && (
          <p className="muted" role="note">
            Showing {shown.length.toLocaleString()} of {matching.length.toLocaleString()} items, the counted ones first.
          </p>
        )}
        {can.manageMembers(role) && (
          <FinishStocktake stocktakeId={stocktake._id} changes={differing.length} unseen={unseen.length} />
        )}
      </section>
    </>
  );
}

function FinishStocktake({ stocktakeId, changes, unseen }: { stocktakeId: string; changes: number; unseen: number }) {
  const call = useCall();
  const toast = useToast();
  const [unseenToZero, setUnseenToZero] = useState(false);
  return (
    <div className="stocktake-finish">
      <label className="checkbox-label">
        <input type="checkbox" checked={unseenToZero} onChange={(event) => setUnseenToZero(event.target.checked)} />
        {unseen === 1
          ? "Also set the 1 item not seen to 0"
          : `Also set the ${unseen.toLocaleString()} items not seen to 0`}
      </label>
      <div className="stocktake-finish-actions">
        <ConfirmDialog
          title="Apply the counted quantities?"
          confirmLabel="Apply"
          cancelLabel="Not yet"
          tone="primary"
          trigger={<Button>Apply counted quantities</Button>}
          onConfirm={async () => {
            const { changed } = await call(METHOD.STOCKTAKE_APPLY, stocktakeId, { unseenToZero });
            // The stocktake ends, and this panel with it: the outcome is told in a notice.
            toast.show({
              text: `Stocktake applied: ${changed.toLocaleString()} ${changed === 1 ? "item" : "items"} updated.`,
            });
          }}
        >
          {changes.toLocaleString()} counted {changes === 1 ? "item differs" : "items differ"} from the recorded
          quantity{unseenToZero ? `, and ${unseen.toLocaleString()} not seen will be set to 0` : ""}. Each change is
          kept in the item's history, marked as counted in this stocktake. This ends the stocktake; it stays listed
          under Past stocktakes.
        </ConfirmDialog>
        <ConfirmDialog
          title="Discard this stocktake?"
          confirmLabel="Discard stocktake"
          cancelLabel="Keep counting"
          trigger={<Button variant="secondary">Discard stocktake</Button>}
          onConfirm={async () => {
            await call(METHOD.STOCKTAKE_CANCEL, stocktakeId);
          }}
        >
          The counts are set aside and no quantity changes. It stays listed under Past stocktakes.
        </ConfirmDialog>
      </div>
    </div>
  );
}
