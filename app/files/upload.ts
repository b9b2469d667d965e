/**
 * One file upload over the live connection (docs/protocol.md §4), with
 * Meteor-Files' API (docs/meteor-compatibility.md):
 * states `active | paused | aborted | completed`; `pause()`, `continue()`,
 * `toggle()`, `abort()`; progress, speed and time left; events. Chunks go
 * a few at a time as bytes, which the connection sends as binary frames.
 * While the connection is down the upload pauses (calls already sent are
 * re-sent by the connection, exactly once) and continues when it returns;
 * one chosen with no line at all waits, paused, and starts then. Each upload is remembered in localStorage
 * by a fingerprint of the file, so after a page reload choosing the same
 * file again continues where the server left off.
 *
 * A file of more than one 5 MiB part sends part 1 (its signature, which the
 * server checks chunk by chunk) as chunks and every later part whole over
 * HTTP, streamed by the Worker into R2 (part-request.ts). The server counts a
 * stored part's chunks as received, so a reload resumes with the parts not
 * yet stored; a part cut off by a dropped line goes again when it is back.
 * The server holds a large file's unfinished parts in memory: if it lost
 * them (a restart), finish says the upload is incomplete, and the upload
 * asks what the server has and sends the rest. Which chunks and parts are
 * left to send is worked out in upload-plan.ts; the speed in upload-speed.ts.
 */
import { METHOD } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import {
  FILE_ERRORS,
  type FinishedFile,
  INCOMPLETE_UPLOAD,
  PART_WINDOW,
  UPLOAD_WINDOW,
  type UploadProgress,
} from "../../protocol/files";
import type { LiveConnection } from "../live";
import { type Call, callOn } from "../live-api";
import { PartLineError, PartRefused, type SentPart, sendPart } from "./part-request";
import { forgetUpload, recallUpload, rememberUpload, uploadFingerprint } from "./upload-memory";
import { partRange, planUpload } from "./upload-plan";
import { SpeedSampler } from "./upload-speed";

export type UploadState = "active" | "paused" | "aborted" | "completed";

export interface UploadOptions {
  roomId: string;
  collection: string;
  meta?: Record<string, unknown>;
  /** Another version (e.g. "thumbnail") of an existing file. */
  fileId?: string;
  version?: string;
  /** Chunks in flight at once. */
  window?: number;
  /** Send parts 2 onward whole over HTTP (default); off, every chunk goes over the live connection. */
  httpParts?: boolean;
  storage?: Storage;
}

export interface UploadEvents {
  start: undefined;
  progress: number;
  pause: undefined;
  continue: undefined;
  abort: undefined;
  uploaded: FinishedFile;
  error: LiveError;
  end: undefined;
}

/** Where the server says the upload stands (`files.start`, `files.status`). */
type Started = UploadProgress;

type Listener<T> = (value: T) => void;

/** Times a finish refused as incomplete sends what the server lacks and tries again. */
const INCOMPLETE_RETRIES = 3;

let uploadIds = 0;

export class Upload {
  /** Unique within the page (for lists). */
  readonly id = uploadIds++;
  state: UploadState = "active";
  /** 0–100. */
  progress = 0;
  /** Bytes per second, smoothed. */
  speed = 0;
  /** Estimated milliseconds left, or null before there is a speed. */
  timeLeft: number | null = null;
  error: LiveError | null = null;
  file: FinishedFile | null = null;
  readonly done: Promise<FinishedFile>;

  private readonly listeners = new Map<keyof UploadEvents, Set<Listener<never>>>();
  private started: Started | null = null;
  /** Whether the upload was started (or resumed) on the server yet: not while chosen offline. */
  private begun = false;
  private pending: number[] = [];
  private inFlight = 0;
  /** Whole parts still to send over HTTP, and the ones on their way (with their bytes sent so far). */
  private pendingParts: number[] = [];
  private readonly partsInFlight = new Map<number, { request: SentPart; sent: number }>();
  /** Times in a row a part was stored nowhere (the line or R2 failed): a few, then the upload fails. */
  private partRetries = 0;
  private acknowledgedBytes = 0;
  private incompleteRetries = 0;
  private userPaused = false;
  private offline = false;
  private readonly speedSampler = new SpeedSampler();
  private settle!: { resolve: (doc: FinishedFile) => void; reject: (error: LiveError) => void };
  private readonly stopWatching: () => void;
  private readonly fingerprint: string;
  private readonly storage: Storage;

  /** The room's methods, typed (app/live-api.ts). */
  private readonly call: Call;

  constructor(
    connection: LiveConnection,
    readonly blob: File,
    private readonly options: UploadOptions,
  ) {
    this.call = callOn(connection);
    this.storage = options.storage ?? localStorage;
    this.fingerprint = uploadFingerprint(options, blob);
    this.done = new Promise<FinishedFile>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Callers that only listen to events must not see unhandled rejections.
    this.done.catch(() => {});
    this.offline = !connection.status().connected;
    this.stopWatching = connection.onStatus((status) => {
      const wasOffline = this.offline;
      this.offline = !status.connected;
      if (this.state === "completed" || this.state === "aborted") return;
      if (this.offline && !wasOffline && !this.userPaused) this.setState("paused", "pause");
      if (!this.offline && wasOffline && !this.userPaused) {
        this.setState("active", "continue");
        if (this.begun) this.pump();
        else void this.begin();
      }
    });
    // Chosen with no line (a basement): it waits, paused, and starts when the line is back.
    if (this.offline && this.blob.size > 0) this.state = "paused";
    else void this.begin();
  }

  /** Paused because there is no line to the server (not by the person): it goes on by itself. */
  get waitingForLine(): boolean {
    return this.state === "paused" && this.offline && !this.userPaused;
  }

  /** Paused, with chunks or parts sent before the pause still to be confirmed (the percentage is not final yet). */
  get settling(): boolean {
    return this.state === "paused" && (this.inFlight > 0 || this.partsInFlight.size > 0);
  }

  /** Every chunk is in; the server is finishing the file (and, for a new item's photo, making the item). */
  get finishing(): boolean {
    return this.state === "active" && this.completing;
  }

  on<K extends keyof UploadEvents>(event: K, listener: Listener<UploadEvents[K]>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  pause(): void {
    if (this.state !== "active") return;
    this.userPaused = true;
    this.setState("paused", "pause");
  }

  continue(): void {
    if (this.state !== "paused") return;
    this.userPaused = false;
    if (this.offline) return;
    this.setState("active", "continue");
    if (this.begun) this.pump();
    else void this.begin();
  }

  toggle(): void {
    if (this.state === "active") this.pause();
    else this.continue();
  }

  abort(): void {
    if (this.state === "completed" || this.state === "aborted") return;
    const uploadId = this.started?.uploadId;
    this.setState("aborted", "abort");
    for (const { request } of this.partsInFlight.values()) request.cancel();
    forgetUpload(this.storage, this.fingerprint);
    if (uploadId) this.call(METHOD.FILES_ABORT, uploadId).catch(() => {});
    this.finish(new LiveError("aborted", "Upload aborted"));
  }

  private async begin(): Promise<void> {
    this.begun = true;
    if (this.blob.size === 0) return this.fail(new LiveError(400, FILE_ERRORS.EMPTY));
    try {
      this.started = await this.resumeOrStart();
      rememberUpload(this.storage, this.fingerprint, this.started.uploadId, {
        roomId: this.options.roomId,
        collection: this.options.collection,
        name: this.options.version ? null : this.blob.name,
      });
      this.planFrom(this.started.received);
      this.speedSampler.restart(this.acknowledgedBytes);
      this.emit("start", undefined);
      this.updateProgress();
      this.pump();
    } catch (error) {
      this.fail(error);
    }
  }

  /** What is left to send, given the chunks the server says it has (upload-plan.ts). */
  private planFrom(received: number[]): void {
    const plan = planUpload(this.started as Started, this.blob.size, received, this.options.httpParts);
    this.pending = plan.pending;
    this.pendingParts = plan.pendingParts;
    this.acknowledgedBytes = plan.acknowledgedBytes;
  }

  private async resumeOrStart(): Promise<Started> {
    const known = recallUpload(this.storage, this.fingerprint);
    if (known) {
      try {
        return await this.call(METHOD.FILES_STATUS, known);
      } catch {
        forgetUpload(this.storage, this.fingerprint);
      }
    }
    return this.call(METHOD.FILES_START, {
      collection: this.options.collection,
      name: this.blob.name,
      type: this.blob.type,
      size: this.blob.size,
      meta: this.options.meta,
      fileId: this.options.fileId,
      version: this.options.version,
    });
  }

  private pump(): void {
    if (!this.started || this.state !== "active") return;
    const window = this.options.window ?? UPLOAD_WINDOW;
    while (this.inFlight < window && this.pending.length > 0) {
      const id = this.pending.shift() as number;
      this.inFlight++;
      void this.send(id);
    }
    // Whole parts wait for the line: a part sent with none would only fail.
    while (!this.offline && this.partsInFlight.size < PART_WINDOW && this.pendingParts.length > 0) {
      this.sendWholePart(this.pendingParts.shift() as number);
    }
    const idle = this.inFlight === 0 && this.partsInFlight.size === 0;
    if (idle && this.pending.length === 0 && this.pendingParts.length === 0) void this.complete();
  }

  private sendWholePart(partNo: number): void {
    const { uploadId } = this.started as Started;
    const { start, end } = partRange(this.started as Started, this.blob.size, partNo);
    const request = sendPart({
      roomId: this.options.roomId,
      collection: this.options.collection,
      uploadId,
      partNo,
      body: this.blob.slice(start, end),
      onProgress: (sent) => {
        const entry = this.partsInFlight.get(partNo);
        if (entry) entry.sent = sent;
        this.updateProgress();
      },
    });
    this.partsInFlight.set(partNo, { request, sent: 0 });
    request.done.then(
      () => {
        this.partsInFlight.delete(partNo);
        this.partRetries = 0;
        this.acknowledgedBytes += end - start;
        this.updateProgress();
        this.pump();
      },
      (error: unknown) => {
        this.partsInFlight.delete(partNo);
        if (this.state === "aborted" || this.state === "completed") return;
        // Not stored (the line dropped, or R2 failed on the way): the part goes again, first in line.
        const again = error instanceof PartLineError || (error instanceof PartRefused && error.status === 400);
        if (again && ++this.partRetries <= 5) {
          this.pendingParts.unshift(partNo);
          this.updateProgress();
          if (this.offline) return; // the status watcher pumps when the line is back
          setTimeout(() => this.pump(), 500 * this.partRetries);
          return;
        }
        const refused = error instanceof PartRefused ? error : null;
        this.fail(new LiveError(refused?.status ?? 500, refused?.message ?? "The upload could not be sent"));
      },
    );
  }

  private async send(id: number): Promise<void> {
    const { uploadId, chunkSize } = this.started as Started;
    try {
      const bytes = new Uint8Array(await this.blob.slice((id - 1) * chunkSize, id * chunkSize).arrayBuffer());
      await this.call(METHOD.FILES_WRITE, uploadId, id, bytes);
      this.acknowledgedBytes += bytes.byteLength;
      this.updateProgress();
    } catch (error) {
      this.inFlight--;
      return this.fail(error);
    }
    this.inFlight--;
    this.pump();
  }

  private completing = false;

  private async complete(): Promise<void> {
    if (this.completing || this.state !== "active") return;
    this.completing = true;
    this.emit("progress", this.progress);
    try {
      const doc = await this.call(METHOD.FILES_FINISH, (this.started as Started).uploadId);
      forgetUpload(this.storage, this.fingerprint);
      this.file = doc;
      this.progress = 100;
      this.timeLeft = 0;
      this.state = "completed";
      this.emit("uploaded", doc);
      this.finish(null, doc);
    } catch (error) {
      const incomplete = error instanceof LiveError && String(error.reason).startsWith(INCOMPLETE_UPLOAD);
      if (incomplete && this.incompleteRetries++ < INCOMPLETE_RETRIES) return this.sendWhatIsMissing();
      this.fail(error);
    }
  }

  /** The server lost chunks it had acknowledged (parts held in memory, then a restart): send them again. */
  private async sendWhatIsMissing(): Promise<void> {
    try {
      const status = await this.call(METHOD.FILES_STATUS, (this.started as Started).uploadId);
      this.planFrom(status.received);
      this.speedSampler.restart(this.acknowledgedBytes);
      this.completing = false;
      this.updateProgress();
      this.pump();
    } catch (error) {
      this.fail(error);
    }
  }

  private updateProgress(): void {
    this.speed = this.speedSampler.sample(this.speed, this.acknowledgedBytes);
    // Parts on their way count as far as they have got, so a 5 MiB part moves the bar as it goes.
    let onTheWay = 0;
    for (const { sent } of this.partsInFlight.values()) onTheWay += sent;
    const bytes = this.acknowledgedBytes + onTheWay;
    this.progress = Math.min(100, Math.round((bytes / this.blob.size) * 1000) / 10);
    this.timeLeft = this.speed > 0 ? ((this.blob.size - bytes) / this.speed) * 1000 : null;
    this.emit("progress", this.progress);
  }

  private fail(error: unknown): void {
    if (this.state === "aborted" || this.state === "completed") return;
    const liveError =
      error instanceof LiveError ? error : new LiveError(500, "Something went wrong. Please try again.");
    // Refused by the server (not a dropped line): choosing the file again could not continue it, so it is not
    // "unfinished" — an expired upload starts afresh, a refused file is not offered again.
    if (typeof liveError.error === "number" && liveError.error >= 400 && liveError.error < 500) {
      forgetUpload(this.storage, this.fingerprint);
    }
    this.error = liveError;
    this.state = "aborted";
    this.emit("error", liveError);
    this.finish(liveError);
  }

  private finish(error: LiveError | null, doc?: FinishedFile): void {
    this.stopWatching();
    this.emit("end", undefined);
    if (error) this.settle.reject(error);
    else this.settle.resolve(doc as FinishedFile);
  }

  private setState(state: UploadState, event: "pause" | "continue" | "abort"): void {
    this.state = state;
    this.emit(event, undefined);
  }

  private emit<K extends keyof UploadEvents>(event: K, value: UploadEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as Listener<UploadEvents[K]>)(value);
  }
}
