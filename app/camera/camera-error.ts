/** Why the camera could not start or read, in words for the person holding the phone (who can always type the code). */
export class CameraError extends Error {
  // Told by its name, not `instanceof`: CameraScan.tsx fetches this module only when the camera is first used.
  override name = "CameraError";
}

/** getUserMedia's refusal, said plainly. */
export function cameraError(error: unknown): CameraError {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return new CameraError(
      "The camera is not allowed for this site: allow it in the browser's settings, or type the SKU.",
    );
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return new CameraError("No camera was found on this device; type the SKU instead.");
  if (name === "NotReadableError")
    return new CameraError("The camera is in use by another app; close it and try again.");
  return new CameraError("The camera could not start; type the SKU instead.");
}
