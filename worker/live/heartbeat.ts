/**
 * The server side of the DDP heartbeat (15 s / 15 s), as a pure decision so
 * it can be tested with plain numbers. The alarm calls it for each socket:
 * ping one that has been silent for the interval (unless a ping is already
 * out), close one whose ping went unanswered for the timeout. Any message
 * from the client — including pings the runtime answered for us — counts.
 */
import { SERVER_HEARTBEAT_INTERVAL, SERVER_HEARTBEAT_TIMEOUT } from "../../protocol/constants";

export type HeartbeatAction = "none" | "ping" | "close";

export function heartbeatAction(now: number, lastSeen: number, pingSentAt: number | undefined): HeartbeatAction {
  if (pingSentAt !== undefined && lastSeen < pingSentAt) {
    return now - pingSentAt >= SERVER_HEARTBEAT_TIMEOUT ? "close" : "none";
  }
  return now - lastSeen >= SERVER_HEARTBEAT_INTERVAL ? "ping" : "none";
}
