/**
 * One QR code on the page, qrcodejs-style: drawn on a canvas at twice the
 * display size, then shown as an `<img alt="Scan me!">` made from it.
 * Data over capacity shows `Too long data` instead of a code.
 */
import { useEffect, useRef, useState } from "react";
import { drawQr } from "./draw";
import { ALT_TEXT, QR_DEFAULTS, type QrStyle } from "./options";
import { useStableStyle } from "./use-stable-style";

export interface QrCodeProps {
  data: string;
  style?: QrStyle;
  /** Display size in CSS pixels (256 × 256 unless set); the canvas holds twice as many. */
  width?: number;
  height?: number;
  className?: string;
}

type State = { status: "drawing" } | { status: "ready"; src: string } | { status: "error"; message: string };

export default function QrCode({
  data,
  style,
  width = QR_DEFAULTS.width,
  height = QR_DEFAULTS.height,
  className,
}: QrCodeProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<State>({ status: "drawing" });
  const stableStyle = useStableStyle(style);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const abort = new AbortController();
    let url: string | null = null;
    setState({ status: "drawing" });
    drawQr(canvas, data, { ...stableStyle, width, height }, { signal: abort.signal })
      .then(async (drawn) => {
        if (!drawn) return;
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
        if (abort.signal.aborted) return;
        if (!blob) throw new Error("Could not draw the code");
        url = URL.createObjectURL(blob);
        setState({ status: "ready", src: url });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted)
          setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [data, stableStyle, width, height]);

  return (
    <div className={className ? `qr-code ${className}` : "qr-code"} data-qr-status={state.status}>
      {/* Kept hidden: the img below is what people see, print and save. */}
      <canvas ref={canvasRef} hidden />
      {state.status === "ready" && <img src={state.src} alt={ALT_TEXT} width={width} height={height} />}
      {state.status === "drawing" && (
        <div
          className="qr-code-placeholder"
          style={{ width, height }}
          role="img"
          aria-busy="true"
          aria-label="Drawing the QR code"
        />
      )}
      {state.status === "error" && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
