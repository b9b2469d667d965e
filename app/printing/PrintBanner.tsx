/**
 * What waits at the print station, on every room page (docs/printing.md):
 * "3 labels waiting at the print station", and when no tab is the station,
 * that it is not open — so whoever added or received something knows where
 * its labels are.
 */
import { Link } from "wouter";
import { roomPath } from "../room/room-views";
import { labelsText, usePrintStation } from "./use-print-station";
import "./printing.css";

export function PrintBanner({ roomId }: { roomId: string }) {
  const doc = usePrintStation();
  if (!doc) return null;
  const waiting = doc.waitingLabels + doc.printingLabels;
  if (waiting === 0) return null;
  return (
    <p className="print-banner" role="status" data-testid="print-banner">
      <span>
        {labelsText(waiting)} {doc.printingLabels > 0 && doc.waitingLabels === 0 ? "printing" : "waiting"} at the print
        station
        {doc.station?.online
          ? ` (${doc.station.name})`
          : doc.station
            ? `: ${doc.station.name} is not open`
            : ": no print station is open"}
        .
      </span>{" "}
      <Link href={roomPath(roomId, "print")}>See the queue</Link>
    </p>
  );
}
