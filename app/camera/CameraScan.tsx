/**
 * The phone's camera as a scanner of labels and product barcodes: a toggle
 * button starts it, the picture shows so the person can aim, and each label
 * or barcode coming into view is passed to `onCode` once — or only the
 * first, then the camera stops (`once`: a search wants one code). The
 * camera stops with the button, when another one on the page starts (a
 * phone has one back camera, and two scanners would read each code twice),
 * or when the page goes. Used by the stocktake's count, receiving a
 * delivery, and the catalogue's search.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../ui/Button";
import type { CameraScanner } from "./camera-scanner";
import "./camera.css";

/** Turns off the camera that is on, wherever on the page it is. */
let turnOffRunning: (() => void) | null = null;

export interface CameraScanProps {
  onCode(text: string): void;
  /** What to do, under the picture while the camera is on. */
  hint: string;
  /** The button's words while the camera is off (each camera on a page needs its own). */
  startLabel?: ReactNode;
  /** Stop after the first code read. */
  once?: boolean;
}

export function CameraScan({ onCode, hint, startLabel = "Scan with camera", once = false }: CameraScanProps) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef({ onCode, once });
  latest.current = { onCode, once };
  /** The person asked for the camera; `on`: it is running. */
  const [wanted, setWanted] = useState(false);
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!wanted || !element) return;
    const turnOff = () => setWanted(false);
    turnOffRunning?.();
    turnOffRunning = turnOff;
    let gone = false;
    let scanner: CameraScanner | null = null;
    // Fetched at the first use: the pages offering the camera (the catalogue first) carry none of it.
    import("./camera-scanner")
      .then(({ startCameraScanner }) =>
        startCameraScanner(element, (text) => {
          if (gone) return;
          if (latest.current.once) turnOff();
          latest.current.onCode(text);
        }),
      )
      .then(
        (started) => {
          if (gone) return started.stop(); // turned off, or the page went, while the camera was asked for
          scanner = started;
          setOn(true);
        },
        (caught: unknown) => {
          if (gone) return;
          // A CameraError (camera-error.ts) is said in words for the person; anything else is not.
          const said = caught instanceof Error && caught.name === "CameraError";
          setError(said ? caught.message : "The camera could not start; type the SKU instead.");
          setWanted(false);
        },
      );
    return () => {
      gone = true;
      scanner?.stop();
      if (turnOffRunning === turnOff) turnOffRunning = null;
      setOn(false);
    };
  }, [wanted]);

  const starting = wanted && !on;
  return (
    <div className="camera-scan" data-on={wanted || undefined}>
      {/* One button that keeps its place and focus: pressed again, it stops the camera. */}
      <Button
        variant="secondary"
        aria-disabled={starting || undefined}
        onClick={() => {
          if (starting) return;
          setError(null);
          setWanted(!wanted);
        }}
      >
        {!wanted ? startLabel : on ? "Stop camera" : "Starting camera…"}
      </Button>
      {/* In the page only while wanted: the camera plays in it as soon as it starts. */}
      {wanted && <video ref={video} className="camera-scan-view" aria-label="Camera view" muted playsInline />}
      {on && <p className="muted">{hint}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
