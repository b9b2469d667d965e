/** "Download PNG" and "Download SVG" for one code; each file carries the Stockroom mark. */
import { useState } from "react";
import { downloadBlob, fileNameFor } from "./download";
import { renderPng, renderSvg } from "./export";
import type { QrStyle } from "./options";

export interface QrExportButtonsProps {
  data: string;
  style?: QrStyle;
  /** Display size of the exported code (the PNG has twice as many pixels). */
  width?: number;
  height?: number;
  /** File name without extension; made safe for file systems. */
  fileName?: string;
}

export default function QrExportButtons({ data, style, width, height, fileName = "qr-code" }: QrExportButtonsProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fileNameFor(fileName);
  const options = { ...style, width, height };

  async function save(kind: "png" | "svg") {
    setBusy(true);
    setError(null);
    try {
      const blob =
        kind === "png"
          ? await renderPng(data, options)
          : new Blob([await renderSvg(data, options)], { type: "image/svg+xml" });
      downloadBlob(blob, `${name}.${kind}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="qr-export">
      <button type="button" className="secondary" disabled={busy} onClick={() => save("png")}>
        Download PNG
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => save("svg")}>
        Download SVG
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
