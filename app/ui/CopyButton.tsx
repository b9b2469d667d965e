/** Copies a text (a link, scopes) to the clipboard and says so; if the browser refuses, says how to copy by hand. */
import { useState } from "react";
import { Button } from "./Button";

export function CopyButton({ text, label = "Copy link" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <span className="copy-button">
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {label}
      </Button>
      <output className="muted small" aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Select the text and copy it" : ""}
      </output>
    </span>
  );
}
