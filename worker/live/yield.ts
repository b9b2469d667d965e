/**
 * Gives the runtime a turn: resolves on a later turn of the event loop, so
 * events already waiting for the object (another connection's message, an
 * alarm) are handled first. Work that never waits on I/O — a room's writes
 * to its own SQLite — would otherwise run a whole backlog as one turn.
 */
export function yieldToRuntime(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
