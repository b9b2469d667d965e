/**
 * Hands a WebSocket upgrade to a live Durable Object. partyserver lets a
 * client pick its connection id with `?_pk=`; we strip it so nobody can
 * claim another connection's id.
 */
import { getServerByName, type Server } from "partyserver";
import { HOME_SHARDS } from "../../protocol/constants";

/**
 * The HomeDO shard of a client that did not name one: the same for the
 * same client address, so a plain DDP client that reconnects with
 * `connect.session` finds its session (and result cache) again. FNV-1a.
 */
export function homeShardOf(clientAddress: string | null): number {
  let hash = 0x811c9dc5;
  for (const char of clientAddress ?? "") {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % HOME_SHARDS;
}

export async function forwardToLiveObject(
  namespace: DurableObjectNamespace,
  name: string,
  request: Request,
): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426, headers: { Upgrade: "websocket" } });
  }
  const url = new URL(request.url);
  url.searchParams.delete("_pk");
  const stub = await getServerByName(namespace as unknown as DurableObjectNamespace<Server<Env>>, name);
  return stub.fetch(new Request(url, request));
}
