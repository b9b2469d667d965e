/**
 * An object may still be opening when its first connections arrive (a room
 * moving its rows in from the previous release, docs/architecture.md §2).
 * It accepts them meanwhile: the handshake, pings, and whatever calls and
 * subscriptions are marked `whileOpening` (a login, the opening's own
 * progress) are served at once; every other call and subscription waits
 * here, in the order it came, and goes on once the object has opened.
 */
import type { ParsedClientFrame } from "../../protocol/ddp";
import type { LiveRegistry } from "./registry";

/** Messages one connection may leave waiting; past this they are refused like a full backlog. */
export const MAX_HELD = 100;

export class OpeningGate<H> {
  private held: ParsedClientFrame[] = [];

  constructor(
    private readonly registry: LiveRegistry<H>,
    /** What the object has still to finish before it serves everything, or null once open. */
    private readonly opening: () => Promise<void> | null,
    /** Where a held message goes once the object has opened. */
    private readonly release: (parsed: ParsedClientFrame) => void,
  ) {}

  get full(): boolean {
    return this.held.length >= MAX_HELD;
  }

  /**
   * Holds `parsed` if it must wait for the object to open (true), or leaves
   * it to be served now (false). Once anything is held, every later call and
   * subscription waits too, so nothing overtakes what came before it.
   */
  hold(parsed: ParsedClientFrame): boolean {
    const opening = this.opening();
    if (opening === null || parsed.kind !== "message") return false;
    const message = parsed.message;
    // Once anything waits, every later call and subscription waits behind it (a login never overtakes a logout).
    const behind =
      this.held.length > 0 && (message.msg === "sub" || message.msg === "method" || message.msg === "unsub");
    const waits =
      behind ||
      (message.msg === "sub" && !this.registry.publications.get(message.name)?.whileOpening) ||
      (message.msg === "method" && !this.registry.methods.get(message.method)?.whileOpening);
    if (!waits) return false;
    this.held.push(parsed);
    if (this.held.length === 1) {
      void opening.then(() => {
        const released = this.held;
        this.held = [];
        for (const next of released) this.release(next);
      });
    }
    return true;
  }
}
