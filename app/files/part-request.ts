/**
 * Sends one whole part of an upload over HTTP (`X-Upload-Op: part`), which
 * the Worker streams straight into R2 — faster than chunks over the live
 * connection for large files. XMLHttpRequest rather than fetch: it reports
 * upload progress, so the bar moves while a 5 MiB part is on its way. Same
 * origin, so the login cookie authorises it.
 */
import { DEFAULT_DOWNLOAD_ROUTE } from "../../protocol/files";

export interface PartRequest {
  roomId: string;
  collection: string;
  uploadId: string;
  partNo: number;
  body: Blob;
  /** Bytes of this part sent so far. */
  onProgress?: (sent: number) => void;
}

/** The line failed before an answer (offline, dropped): the part can be sent again. */
export class PartLineError extends Error {}

/** The server refused the part: its HTTP status and reason. */
export class PartRefused extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

export interface SentPart {
  done: Promise<{ received: number }>;
  cancel(): void;
}

export function sendPart(request: PartRequest): SentPart {
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ received: number }>((resolve, reject) => {
    xhr.open("POST", `${DEFAULT_DOWNLOAD_ROUTE}/${request.collection}/__upload`);
    xhr.setRequestHeader("X-Room-Id", request.roomId);
    xhr.setRequestHeader("X-Upload-Op", "part");
    xhr.setRequestHeader("X-Upload-Id", request.uploadId);
    xhr.setRequestHeader("X-Part-No", String(request.partNo));
    xhr.upload.onprogress = (event) => request.onProgress?.(event.loaded);
    xhr.onerror = () => reject(new PartLineError("The line dropped while a part was on its way"));
    xhr.onabort = () => reject(new PartLineError("The part was cancelled"));
    xhr.onload = () => {
      let answer: { received?: number; error?: string } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's page, not ours: the status says enough.
      }
      if (xhr.status === 200 && typeof answer.received === "number") resolve({ received: answer.received });
      else reject(new PartRefused(xhr.status, answer.error ?? `The part was refused (${xhr.status})`));
    };
    xhr.send(request.body);
  });
  return { done, cancel: () => xhr.abort() };
}
