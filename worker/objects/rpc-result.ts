/**
 * What the RoomDO's RPC entry points take and answer (the Worker's routes call
 * them): a value, or the error a live client would get — never an internal one.
 */
import { LiveError, toWireError, type WireError } from "../../protocol/errors";

/** What RPC entry points answer: a value, or the error a live client would get. */
export type RpcResult = { ok: true; value: unknown } | { ok: false; error: WireError };

/** Runs an RPC entry point: its value, or the error a live client would get (unexpected ones logged, never leaked). */
export async function rpcResult(failure: string, work: () => Promise<unknown>): Promise<RpcResult> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!(error instanceof LiveError)) console.error(failure, error);
    return { ok: false, error: toWireError(error) };
  }
}
