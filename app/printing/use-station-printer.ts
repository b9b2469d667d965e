/**
 * This tab as the room's print station (docs/printing.md). While it is on,
 * the tab holds `print.attend` (so the room knows a station is open), and
 * whenever labels wait it takes them as one batch, draws them, opens the
 * browser's print dialog once — or prints at once where the browser is set
 * to print silently — and then tells the room they are printed.
 *
 * The station's id lives in the tab (sessionStorage), so a reload of the
 * station's tab comes back as the station; another tab that opens as the
 * station takes over, and this one steps down and says so.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { LIMITS, METHOD, PUBLICATION } from "../../protocol/api";
import type { PrintBatch } from "../../protocol/print-args";
import { errorMessage } from "../components/ErrorText";
import { useStatus } from "../live";
import { randomId } from "../live/random-id";
import { useCall, useSubscribeIf } from "../live-api";
import type { SheetLabel } from "../qr/LabelSheet";
import { batchLabels, itemsOf } from "./batch-labels";
import { usePrintStation } from "./use-print-station";

/** How long the station lets a burst of scans gather before it prints them together. */
const GATHER_MS = 1_500;

export interface PrintedBatch {
  jobs: PrintBatch["jobs"];
  labels: SheetLabel[];
  at: Date;
}

const storageKey = (roomId: string) => `stockroom.printStation.${roomId}`;
const NAME_KEY = "stockroom.printStation.name";

function storedStation(roomId: string): { id: string; name: string } | null {
  try {
    const stored = sessionStorage.getItem(storageKey(roomId));
    return stored ? (JSON.parse(stored) as { id: string; name: string }) : null;
  } catch {
    return null;
  }
}

export function defaultStationName(): string {
  return localStorage.getItem(NAME_KEY) ?? "Print station";
}

export function useStationPrinter(roomId: string) {
  const call = useCall();
  const { connected } = useStatus();
  const doc = usePrintStation();
  const [station, setStation] = useState(() => storedStation(roomId));
  const [printing, setPrinting] = useState<PrintedBatch | null>(null);
  const [last, setLast] = useState<PrintedBatch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replacedBy, setReplacedBy] = useState<string | null>(null);
  const busy = useRef(false);
  const wasStation = useRef(false);

  useSubscribeIf(station !== null, PUBLICATION.PRINT_ATTEND, station?.id ?? "", station?.name ?? "");
  const isStation = station !== null && doc?.station?.id === station.id;

  const start = useCallback(
    (name: string) => {
      const next = { id: randomId(), name };
      sessionStorage.setItem(storageKey(roomId), JSON.stringify(next));
      localStorage.setItem(NAME_KEY, name);
      setReplacedBy(null);
      setError(null);
      setStation(next);
    },
    [roomId],
  );
  const stop = useCallback(() => {
    sessionStorage.removeItem(storageKey(roomId));
    wasStation.current = false;
    busy.current = false;
    setPrinting(null);
    setStation(null);
  }, [roomId]);

  /** One label to check the printer and paper with (nothing from the queue). */
  const printTest = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const label: SheetLabel = {
      id: "test",
      title: "Test label",
      priceText: "0.00",
      sku: "TEST-0001",
      link: window.location.origin,
    };
    setPrinting({ jobs: [], labels: [label], at: new Date() });
  }, []);

  // Another tab opened as the station: this one steps down (and stops holding the room's station).
  useEffect(() => {
    if (isStation) wasStation.current = true;
    else if (wasStation.current && station && doc?.station && doc.station.id !== station.id) {
      setReplacedBy(doc.station.name);
      stop();
    }
  }, [isStation, station, doc?.station, stop]);

  // A station computer that sleeps prints nothing: keep the screen on while this tab is the station.
  useEffect(() => {
    if (!isStation || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const keep = () => {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(
        (taken) => {
          if (ended) void taken.release();
          else lock = taken;
        },
        () => {},
      );
    };
    keep();
    document.addEventListener("visibilitychange", keep);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", keep);
      void lock?.release();
    };
  }, [isStation]);

  const takeNext = useCallback(async () => {
    if (!station || busy.current) return;
    busy.current = true;
    try {
      const batch = await call(METHOD.PRINT_TAKE, station.id);
      if (batch.jobs.length === 0) {
        busy.current = false;
        return;
      }
      const links: Record<string, string> = {};
      const ids = itemsOf(batch.labels);
      for (let start = 0; start < ids.length; start += LIMITS.BULK) {
        Object.assign(links, await call(METHOD.ITEMS_PUBLIC_LINKS, ids.slice(start, start + LIMITS.BULK)));
      }
      setError(null);
      // Drawn first; the dialog opens once the labels are on the page (below).
      setPrinting({ jobs: batch.jobs, labels: batchLabels(batch.labels, links), at: new Date() });
    } catch (caught) {
      busy.current = false;
      setError(errorMessage(caught));
    }
  }, [call, station]);

  // Labels wait: after a moment (a burst of scans prints as one batch), take them.
  const waiting = doc?.waitingJobs ?? 0;
  useEffect(() => {
    if (!isStation || !connected || waiting === 0 || printing) return;
    const timer = setTimeout(() => void takeNext(), GATHER_MS);
    return () => clearTimeout(timer);
  }, [isStation, connected, waiting, printing, takeNext]);

  // The batch is drawn: print it (the dialog blocks until it closes, or returns at once when silent), then say so.
  useEffect(() => {
    if (!printing) return;
    let cancelled = false;
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        void document.fonts.ready.then(async () => {
          if (cancelled) return;
          if (printing.labels.length > 0) window.print();
          try {
            if (station && printing.jobs.length > 0) {
              await call(
                METHOD.PRINT_DONE,
                station.id,
                printing.jobs.map((job) => job.id),
              );
            }
          } catch (caught) {
            setError(errorMessage(caught));
          }
          setLast(printing);
          setPrinting(null);
          busy.current = false;
        });
      }),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [printing, station, call]);

  return { doc, station, isStation, printing, last, error, replacedBy, start, stop, printTest };
}
