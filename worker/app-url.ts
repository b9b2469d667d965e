import type { CallerInfo } from "./live/types";

/** Where links we hand out point (e-mails, labels, join codes): the configured public URL, else the address the caller used. */
export function appUrl(env: Env, caller: Pick<CallerInfo, "origin">): string {
  return (env.APP_URL || caller.origin || "http://localhost:8787").replace(/\/+$/, "");
}
