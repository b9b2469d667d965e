/**
 * The phone's camera as a label scanner: a button starts it, the picture
 * shows so the counter can aim, and each label coming into view is passed
 * to `onCode` once. The camera stops with the button, or when the page goes.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/Button";
import { CameraError, type CameraScanner, startCameraScanner } from "./camera-scanner";

export function CameraScan({ onCode }: { onCode(text: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<CameraScanner | null>(null);
  const mounted = useRef(true);
  const latestOnCode = useRef(onCode);
  latestOnCode.current = onCode;
  const [state, setState] = useState<"off" | "starting" | "on">("off");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      scanner.current?.stop();
      scanner.current = null;
    };
  }, []);

  async function start() {
    if (!video.current) return;
    setState("starting");
    setError(null);
    try {
      const started = await startCameraScanner(video.current, (text) => latestOnCode.current(text));
      if (!mounted.current) return started.stop(); // the page went while the camera was asked for
      scanner.current = started;
      setState("on");
    } catch (caught) {
      if (!mounted.current) return;
      setError(caught instanceof CameraError ? caught.message : "The camera could not start; type the SKU instead.");
      setState("off");
    }
  }

  function stop() {
    scanner.current?.stop();
    scanner.current = null;
    setState("off");
  }

  return (
    <div className="stocktake-camera">
      {state === "off" ? (
        <Button variant="secondary" onClick={() => void start()}>
          Scan with camera
        </Button>
      ) : (
        <Button variant="secondary" onClick={stop} disabled={state === "starting"}>
          {state === "starting" ? "Starting camera…" : "Stop camera"}
        </Button>
      )}
      {/* Always in the page, so the camera has somewhere to play as soon as it starts. */}
      <video ref={video} className="stocktake-camera-view" hidden={state === "off"} aria-label="Camera view" muted />
      {state === "on" && <p className="muted">Hold a label in the frame; each one counts once.</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
