/**
 * A scanning screen's two ways in (docs/stock.md): the camera, each code it
 * reads sent once, and the box a handheld scanner types into, a code sent
 * on Enter — the same code again within a blink from a bouncing scanner
 * said, not sent twice. The stall and receiving against an order use it.
 */
import { useState } from "react";
import { CameraScan } from "../camera/CameraScan";
import { bounceGuard, bounceText } from "../stocktake/scanner-bounce";
import { CodeEntry } from "./CodeEntry";

export function ScanCodes({
  id,
  action,
  hint,
  onCode,
  onBounce,
}: {
  id: string;
  /** The button's word: what sending a code does ("Count", "Find"). */
  action: string;
  /** What the camera's hint says a code read does. */
  hint: string;
  onCode(code: string): void;
  /** A bounce, in words for the screen to show. */
  onBounce(said: string): void;
}) {
  const [code, setCode] = useState("");
  const [isBounce] = useState(bounceGuard);
  return (
    <>
      <CameraScan onCode={onCode} hint={hint} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = code.trim();
          setCode("");
          if (!text) return;
          if (isBounce(text, performance.now())) return onBounce(bounceText(text));
          onCode(text);
        }}
      >
        <CodeEntry
          id={id}
          label="Scan a label or barcode, or type a SKU"
          action={action}
          value={code}
          onChange={setCode}
        />
      </form>
    </>
  );
}
