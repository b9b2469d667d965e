/**
 * This tab as the room's print station (docs/printing.md). It claims the
 * station (`print.claim`) and, while its page is open, holds `print.attend`
 * so the room knows the station is there. Whenever labels wait it takes them
 * as one batch, draws them, opens the browser's print dialog once — or
 * prints at once where the browser is set to print silently — and then tells
 * the room they are printed.
 *
 * The station's id lives in the tab (sessionStorage), so a reload comes back
 * as the station. Another tab that claims the station takes over; this one
 * sees the room name another station and steps down, and is refused should
 * it try to come back by reconnecting.
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
/** How long it waits before trying again after a failure (the line dropped, say). */
const RETRY_MS = 5_000;

export interface PrintedBatch {
  jobs: PrintBatch["jobs"];
  labels: SheetLabel[];
  at: Date;
}

interface TabStation {
  id: string;
  name: string;
}

const storageKey = (roomId: string) => `stockroom.printStation.${roomId}`;
const NAME_KEY = "stockroom.printStation.name";

function storedStation(roomId: string): TabStation | null {
  try {
    const stored = sessionStorage.getItem(storageKey(roomId));
    return stored ? (JSON.parse(stored) as TabStation) : null;
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
  const [retryAt, setRetryAt] = useState(0);
  const busy = useRef(false);
  /** Bumped when the station stops: a batch's work still under way for an earlier one then ends quietly. */
  const generation = useRef(0);
  /** Jobs printed whose `print.done` did not get through: said first, before anything is taken. */
  const owed = useRef<string[]>([]);

  const isStation = station !== null && doc?.station?.id === station.id;
  useSubscribeIf(isStation, PUBLICATION.PRINT_ATTEND, station?.id ?? "");

  const forget = useCallback(() => {
    sessionStorage.removeItem(storageKey(roomId));
    generation.current++;
    busy.current = false;
    owed.current = [];
    setPrinting(null);
    setStation(null);
  }, [roomId]);

  const start = useCallback(
    async (name: string) => {
      const next = { id: randomId(), name };
      setReplacedBy(null);
      setError(null);
      try {
        await call(METHOD.PRINT_CLAIM, next.id, name);
      } catch (caught) {
        setError(errorMessage(caught));
        return;
      }
      sessionStorage.setItem(storageKey(roomId), JSON.stringify(next));
      localStorage.setItem(NAME_KEY, name);
      setStation(next);
    },
    [call, roomId],
  );

  const stop = useCallback(() => {
    if (station) void call(METHOD.PRINT_RELEASE, station.id).catch(() => {});
    forget();
  }, [call, station, forget]);

  // The room names another station (or none): this tab is no longer it, and says so.
  useEffect(() => {
    if (!station || !doc || doc.station?.id === station.id) return;
    if (doc.station) setReplacedBy(doc.station.name);
    forget();
  }, [station, doc, forget]);

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

  /** Something failed: shown, and tried again in a moment (what was taken stays this station's). */
  const failed = useCallback((caught: unknown) => {
    busy.current = false;
    setError(errorMessage(caught));
    setRetryAt(Date.now() + RETRY_MS);
  }, []);

  const takeNext = useCallback(async () => {
    if (!station || busy.current) return;
    busy.current = true;
    const mine = generation.current;
    try {
      if (owed.current.length > 0) {
        await call(METHOD.PRINT_DONE, station.id, owed.current);
        owed.current = [];
      }
      // What this station took before and did not print comes back first (printed again, not lost).
      const batch = await call(METHOD.PRINT_TAKE, station.id);
      const links: Record<string, string> = {};
      const ids = itemsOf(batch.labels);
      for (let start = 0; start < ids.length; start += LIMITS.BULK) {
        Object.assign(links, await call(METHOD.ITEMS_PUBLIC_LINKS, ids.slice(start, start + LIMITS.BULK)));
      }
      if (mine !== generation.current) return;
      if (batch.jobs.length === 0) {
        busy.current = false;
        return;
      }
      setError(null);
      // Drawn first; the dialog opens once the labels are on the page (below).
      setPrinting({ jobs: batch.jobs, labels: batchLabels(batch.labels, links), at: new Date() });
    } catch (caught) {
      if (mine === generation.current) failed(caught);
    }
  }, [call, station, failed]);

  // Labels wait, or this station holds some it has not printed: after a moment (a burst of scans prints as
  // one batch), take them.
  const due = (doc?.waitingJobs ?? 0) > 0 || (doc?.printingLabels ?? 0) > 0 || owed.current.length > 0;
  useEffect(() => {
    if (!isStation || !connected || !due || printing) return;
    const timer = setTimeout(() => void takeNext(), Math.max(GATHER_MS, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [isStation, connected, due, printing, retryAt, takeNext]);

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

  // The batch is drawn: print it (the dialog blocks until it closes, or returns at once when silent), then say so.
  useEffect(() => {
    if (!printing) return;
    const mine = generation.current;
    let cancelled = false;
    const frame = requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        void document.fonts.ready.then(async () => {
          if (cancelled || mine !== generation.current) return;
          if (printing.labels.length > 0) window.print();
          setLast(printing);
          setPrinting(null);
          const ids = printing.jobs.map((job) => job.id);
          if (!station || ids.length === 0) {
            busy.current = false;
            return;
          }
          try {
            await call(METHOD.PRINT_DONE, station.id, ids);
            if (mine === generation.current) busy.current = false;
          } catch (caught) {
            // Printed: said again before the next batch is taken, never printed twice for want of it.
            if (mine === generation.current) {
              owed.current = [...owed.current, ...ids];
              failed(caught);
            }
          }
        });
      }),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [printing, station, call, failed]);

  return { doc, station, isStation, printing, last, error, replacedBy, start, stop, printTest };
}
