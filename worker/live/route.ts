/**
 * Hands a WebSocket upgrade to a live Durable Object. partyserver lets a
 * client pick its connection id with `?_pk=`; we strip it so nobody can
 * claim another connection's id.
 */
import { getServerByName, type Server } from "partyserver";

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
