/** Where to go after signing in: a path inside this app (`?next=`, e.g. a join link), else home. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next") ?? "";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
