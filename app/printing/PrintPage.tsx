/**
 * The room's print station page (docs/printing.md): whether a station is
 * open and what waits; on the computer beside the label printer, the switch
 * that makes this tab the station, which then prints labels as they are
 * queued; what prints; and the queue everyone sees.
 */
import { COLLECTION, can, type RoomRole } from "../../protocol/api";
import { useFind } from "../live";
import { isMember } from "../team/use-my-role";
import { PrintQueue } from "./PrintQueue";
import { PrintSetup } from "./PrintSetup";
import { SilentPrinting } from "./SilentPrinting";
import { StationPanel } from "./StationPanel";
import { usePrintQueue } from "./use-print-station";
import { useStationPrinter } from "./use-station-printer";
import "./printing.css";

export function PrintPage({ role, roomId }: { role: RoomRole | null; roomId: string }) {
  const printer = useStationPrinter(roomId);
  const { jobs, loading } = usePrintQueue();
  const members = useFind(COLLECTION.MEMBERS, isMember);
  const editor = can.shareItems(role);
  return (
    <div className="print-page">
      <section className="card" aria-labelledby="print-station-heading">
        <h2 id="print-station-heading">Print station</h2>
        <StationPanel printer={printer} canBeStation={editor} />
        {printer.doc && <PrintSetup settings={printer.doc.settings} canChange={editor} />}
      </section>
      <PrintQueue jobs={jobs} loading={loading} members={members} canChange={editor} />
      <SilentPrinting />
    </div>
  );
}
