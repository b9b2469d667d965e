/**
 * Reconnect quiescence (Meteor's `_waitingForQuiescence`).
 *
 * After a reconnect the server starts a fresh session and sends every
 * subscription's documents again. Applying them as they come would show the
 * old state, then a half-built one, then the new one. Instead, from the
 * `connected` of a reconnect, data messages are held here until
 *   - every subscription that was ready before the drop is `ready` (or
 *     `nosub`) again, and
 *   - every method sent on the new socket without a result has `updated`
 *     (e.g. the resume login, so the screen never shows a logged-out state);
 * then the local store is reset to exactly the held data in one batch.
 *
 * Subscriptions that were not ready before the drop do not hold anything up:
 * they had nothing complete on screen to protect, and one that never becomes
 * ready must not freeze every other update.
 *
 * `ready`, `nosub` and `updated` are held too, in order, so callbacks fire
 * only after the data they vouch for is visible.
 */
import type { DataMessage, ServerMessage } from "../../protocol/ddp";

/** Messages that vouch for the data before them. */
export type ControlMessage = Extract<ServerMessage, { msg: "ready" | "nosub" | "updated" }>;
export type HeldMessage = DataMessage | ControlMessage;

export class Quiescence {
  private readonly subs: Set<string>;
  private readonly methods: Set<string>;
  private readonly held: HeldMessage[] = [];

  constructor(subs: Iterable<string>, methods: Iterable<string>) {
    this.subs = new Set(subs);
    this.methods = new Set(methods);
  }

  /** True when nothing is left to wait for. */
  get done(): boolean {
    return this.subs.size === 0 && this.methods.size === 0;
  }

  /** Holds one message and notes what it settles; returns `done`. */
  hold(message: HeldMessage): boolean {
    this.held.push(message);
    switch (message.msg) {
      case "ready":
        for (const id of message.subs) this.subs.delete(id);
        break;
      case "nosub":
        this.subs.delete(message.id);
        break;
      case "updated":
        for (const id of message.methods) this.methods.delete(id);
        break;
      default:
        break;
    }
    return this.done;
  }

  /** Everything held, in arrival order: the data first to reset the store. */
  release(): { data: DataMessage[]; control: ControlMessage[] } {
    const data: DataMessage[] = [];
    const control: ControlMessage[] = [];
    for (const message of this.held) {
      if (message.msg === "added" || message.msg === "changed" || message.msg === "removed") data.push(message);
      else control.push(message);
    }
    return { data, control };
  }
}
