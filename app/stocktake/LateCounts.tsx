/**
 * Counts that arrived after their stocktake was applied (a phone that was
 * offline when it was applied): never dropped, but kept and said
 * (docs/stock.md). Everyone sees how many wait; an owner or admin applies
 * them — each variant they counted is set again from all its scans, plus
 * what moved since — or sets them aside.
 */
import { useState } from "react";
import { COLLECTION, can, METHOD, type PastStocktakeDoc, type RoomRole } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { type LiveDoc, useFind } from "../live";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { useToast } from "../ui/Toast";
import { isPastStocktake } from "./PastStocktakes";

const waiting = (doc: LiveDoc): doc is LiveDoc & PastStocktakeDoc => isPastStocktake(doc) && doc.lateWaiting > 0;

export function LateCounts({ role }: { role: RoomRole | null }) {
  const late = useFind(COLLECTION.PAST_STOCKTAKES, waiting);
  return (
    <>
      {late.map((stocktake) => (
        <LateCountsOf key={stocktake._id} stocktake={stocktake} role={role} />
      ))}
    </>
  );
}

function LateCountsOf({ stocktake, role }: { stocktake: PastStocktakeDoc; role: RoomRole | null }) {
  const call = useCall();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const n = stocktake.lateWaiting;
  const counts = n === 1 ? "1 count" : `${n.toLocaleString()} counts`;
  /** Runs the owner's choice and says what it did. */
  const run = async (choice: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      toast.show({ text: await choice() });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card late-counts" aria-labelledby={`late-${stocktake._id}`} data-testid="late-counts">
      <h2 id={`late-${stocktake._id}`}>{counts} arrived after the stocktake was applied</h2>
      <p>
        They were made on a phone that was offline when the stocktake of {stocktake.endedAt.toLocaleDateString()} was
        applied, and are kept until someone decides.
        {can.manageMembers(role) ? " Apply them too?" : " An owner or admin of the room can apply them."}
      </p>
      {can.manageMembers(role) && (
        <div className="stocktake-finish-actions">
          <Button
            disabled={busy}
            onClick={() =>
              run(async () => {
                const { changed } = await call(METHOD.STOCKTAKE_APPLY_LATE, stocktake._id);
                return `Late counts applied: ${changed.toLocaleString()} ${changed === 1 ? "item" : "items"} updated.`;
              })
            }
          >
            Apply them
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await call(METHOD.STOCKTAKE_DISCARD_LATE, stocktake._id);
                return `${counts} set aside; nothing changed.`;
              })
            }
          >
            Set them aside
          </Button>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
