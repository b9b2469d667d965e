/**
 * Runs an action a person started (a button, a form) and keeps what went
 * wrong in words for the card to show: `run` answers whether it worked, so
 * the form can clear itself only then.
 */
import { useState } from "react";
import { errorMessage } from "../components/ErrorText";

export function useRun(): {
  error: string | null;
  run(action: () => Promise<unknown>): Promise<boolean>;
} {
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    }
  }
  return { error, run };
}
