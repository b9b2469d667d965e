/**
 * The README and docs/ send a reader somewhere that exists: every relative
 * link names a file of the repository, and every `#anchor` a heading of that
 * file, slugged as GitHub slugs them. A heading renamed without its links
 * fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DOCS = join(ROOT, "docs");
const PAGES = [
  join(ROOT, "README.md"),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(DOCS, name)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] as string).replace(/`/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** Every link target on a page outside code spans and fences, with its line. */
function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (text.startsWith("```")) fenced = !fenced;
    if (fenced) return;
    const outsideCode = text.replace(/`[^`]*`/g, "");
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)\)/g))
      links.push({ target: match[1] as string, line: index + 1 });
  });
  return links;
}

function brokenLinks(): string[] {
  const broken: string[] = [];
  for (const page of PAGES) {
    const name = relative(ROOT, page);
    for (const { target, line } of linksOf(readFileSync(page, "utf8"))) {
      if (/^[a-z]+:/i.test(target)) continue; // a web address or mailto: not ours to check here
      const [path, anchor] = target.split("#") as [string, string | undefined];
      const file = path === "" ? page : resolve(dirname(page), path);
      if (!existsSync(file)) {
        broken.push(`${name}:${line}: ${target} — no such file`);
        continue;
      }
      if (anchor !== undefined && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(anchor)) {
        broken.push(`${name}:${line}: ${target} — no such heading`);
      }
    }
  }
  return broken;
}

describe("links in the README and docs/", () => {
  it("name files that exist and headings those files have", () => {
    expect(brokenLinks()).toEqual([]);
  });

  it("reads anchors as GitHub makes them, so a wrong one is caught", () => {
    const anchors = anchorsOf(
      "# Stockroom\n## 2. Items (the catalogue)\n## Notes\n## Notes\n```\n## not a heading\n```",
    );
    expect([...anchors]).toEqual(["stockroom", "2-items-the-catalogue", "notes", "notes-1"]);
    expect(linksOf("See [a](docs/a.md#x) and `[b](c.md)`.\n```\n[d](e.md)\n```")).toEqual([
      { target: "docs/a.md#x", line: 1 },
    ]);
  });
});
