/**
 * The app calls the room's methods typed from their declaration (app/live-api.ts): what a call
 * answers is never cast where it is made. A cast there would say the answer is something the
 * declaration does not promise, unchecked; this fails on one, naming its file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The live client is the untyped wire; live-api.ts names its answers, once. */
const WIRE = [join(ROOT, "app/live"), join(ROOT, "app/live-api.ts")];

function appFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (WIRE.includes(path)) return [];
    if (entry.isDirectory()) return appFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where a method call's answer is cast: `call(…) as T` or `(await call(…)) as T`, with its line. */
function castCalls(source: string): number[] {
  const lines: number[] = [];
  for (const match of source.matchAll(/\b(?:call|apply)\(/g)) {
    let depth = 0;
    let end = (match.index ?? 0) + match[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === "(") depth++;
      else if (source[end] === ")" && --depth === 0) break;
    }
    const after = source.slice(end + 1, end + 40);
    if (/^\)?\s*as\s/.test(after)) lines.push(source.slice(0, match.index).split("\n").length);
  }
  return lines;
}

describe("the app's method calls", () => {
  it("never cast what a method answers", () => {
    const casts = appFiles(join(ROOT, "app")).flatMap((file) =>
      castCalls(readFileSync(file, "utf8")).map((line) => `${relative(ROOT, file)}:${line}`),
    );
    expect(casts).toEqual([]);
  });

  it("finds a cast however the call is written", () => {
    const source = [
      "const a = (await call(METHOD.X, f(1), [2])) as string;",
      "const b = call(METHOD.Y) as Promise<number>;",
      "const c = await call(METHOD.Z, { as: 1 });",
      "connection.apply(METHOD.W, [x]) as never;",
    ].join("\n");
    expect(castCalls(source)).toEqual([1, 2, 4]);
  });
});
