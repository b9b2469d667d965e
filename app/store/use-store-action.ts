/**
 * A store panel's actions (test, check, take, decide…): one at a time, the
 * one under way named (its buttons say busy), and how the last one went —
 * its notice in words, or its error — shown by ActionOutcome.
 */
import { useCallback, useRef, useState } from "react";

export function useStoreAction<Key extends string = string>() {
  const [busy, setBusy] = useState<Key | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A press while another action runs does nothing (the state may not have re-rendered yet).
  const running = useRef(false);
  const run = useCallback(async (key: Key, work: () => Promise<string | null>) => {
    if (running.current) return;
    running.current = true;
    setBusy(key);
    setNotice(null);
    setError(null);
    try {
      setNotice(await work());
    } catch (caught) {
      setError(caught);
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  /** Says how something done elsewhere went (the connect form's answer). */
  const say = useCallback((text: string | null) => {
    setError(null);
    setNotice(text);
  }, []);
  return { busy, notice, error, run, say };
}
