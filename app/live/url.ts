/**
 * Where the live connection goes (docs/protocol.md §1: `wss://{host}/api/...`).
 *
 * The default is this page's own host, so one build works on every
 * deployment. To point a build elsewhere at run time (a staging API, a
 * tunnel), set a global before the app's script runs, e.g. in index.html:
 *
 *   <script>window.STOCKROOM_LIVE_URL = "wss://example.com/api/";</script>
 *
 * The value is the base that replaces `ws(s)://{host}/api/`; paths are
 * appended to it.
 */

declare global {
  interface Window {
    /** Runtime override of the live API base, e.g. `wss://example.com/api/`. */
    STOCKROOM_LIVE_URL?: string;
  }
}

type PageLocation = Pick<Location, "protocol" | "host">;

/**
 * The live URL for `path` under `/api/`.
 *
 * @example
 * defaultLiveUrl("websocket"); // "wss://stockroom.example/api/websocket" on https
 * defaultLiveUrl(`rooms/${roomId}/websocket`);
 */
export function defaultLiveUrl(
  path: string,
  location: PageLocation = window.location,
  override: string | undefined = typeof window === "undefined" ? undefined : window.STOCKROOM_LIVE_URL,
): string {
  const relative = path.replace(/^\/+/, "");
  if (typeof override === "string" && override !== "") {
    return `${override.replace(/\/+$/, "")}/${relative}`;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/api/${relative}`;
}
