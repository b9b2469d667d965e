/**
 * The code's comments cite only the repository's own docs, and only what is
 * there: a `docs/<file>.md` that exists, a `§N` it has a `## N.` heading
 * for, a quoted heading it has. Documents kept outside the repository (the
 * old spec, design notes, numbered task briefs) mean nothing to a reader of
 * this code, so a comment citing one fails here with its file and line.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE_DIRS = ["worker", "app", "protocol", "tests", "bench", "scripts"];
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
/** Generated or installed code, not ours to word. */
const SKIPPED_DIRS = new Set(["node_modules", "dist"]);

/** Citations of documents the repository does not hold, as a reader meets them in a comment. */
const OUTSIDE_DOCS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bSPEC\b/, what: "the spec" },
  { pattern: /\bDESIGN\b/, what: "the design notes" },
  { pattern: /\bREFERENCE\b/, what: "the reference notes" },
  { pattern: /\bTOOLCHAIN\b/, what: "the toolchain notes" },
  {
    pattern: /\bissues?\s+#?\d+/i,
    what: "a numbered issue (say why in words; a URL to another project's issue is fine)",
  },
];

function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || SKIPPED_DIRS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry.name)) found.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  for (const entry of readdirSync(ROOT)) if (/\.config\.[cm]?[jt]s$/.test(entry)) found.push(join(ROOT, entry));
  return found;
}

const REGEX_BEFORE =
  /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await))\s*$/;

/**
 * The source with everything but comment text blanked (newlines kept, so
 * offsets and lines stay those of the file): no string, template or regular
 * expression can look like a citation, and no comment marker or leading `*`
 * stands between a file name and its `§` on the next line.
 */
function commentText(source: string): string {
  const out: string[] = source.split("").map((char) => (char === "\n" ? "\n" : " "));
  const braces: number[] = []; // open `{` count of each template expression we are inside
  let i = 0;
  const keep = (from: number, to: number) => {
    for (let k = from; k < to; k++) out[k] = source[k]!;
  };
  const skipString = (quote: string) => {
    for (i++; i < source.length && source[i] !== quote && source[i] !== "\n"; i++) if (source[i] === "\\") i++;
    i++;
  };
  const skipTemplate = () => {
    for (i++; i < source.length; i++) {
      if (source[i] === "\\") i++;
      else if (source[i] === "`") return void i++;
      else if (source[i] === "$" && source[i + 1] === "{") {
        braces.push(0);
        i += 2;
        return;
      }
    }
  };
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", i) === -1 ? source.length : source.indexOf("\n", i);
      keep(i + 2, end);
      i = end;
    } else if (char === "/" && next === "*") {
      const close = source.indexOf("*/", i + 2);
      const end = close === -1 ? source.length : close;
      keep(i + 2, end);
      // A block comment's leading `*` on each line is layout, not text.
      for (let k = i + 2; k < end; k++) {
        if (out[k] !== "\n") continue;
        let m = k + 1;
        while (m < end && (out[m] === " " || out[m] === "\t")) m++;
        if (out[m] === "*") out[m] = " ";
      }
      i = end + 2;
    } else if (char === "'" || char === '"') {
      skipString(char);
    } else if (char === "`") {
      skipTemplate();
    } else if (char === "{" && braces.length > 0) {
      braces.push(braces.pop()! + 1);
      i++;
    } else if (char === "}" && braces.length > 0) {
      const open = braces.pop()!;
      if (open === 0) {
        skipTemplate(); // the `}` ends the expression: the template goes on after it
      } else {
        braces.push(open - 1);
        i++;
      }
    } else if (char === "/" && REGEX_BEFORE.test(source.slice(Math.max(0, i - 12), i))) {
      let inClass = false;
      for (i++; i < source.length && source[i] !== "\n"; i++) {
        if (source[i] === "\\") i++;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        else if (source[i] === "/" && !inClass) break;
      }
      i++;
    } else {
      i++;
    }
  }
  return out.join("");
}

const docsCache = new Map<string, string | null>();
function doc(name: string): string | null {
  if (!docsCache.has(name)) {
    const path = join(ROOT, "docs", name);
    docsCache.set(name, existsSync(path) ? readFileSync(path, "utf8") : null);
  }
  return docsCache.get(name) ?? null;
}

/** A `docs/<file>.md`, then any `§N` list (`§2, §8`, `§4 and §9`) or a quoted heading, at most a line break away. */
const DOC_CITATION =
  /\bdocs\/([\w.-]+\.md)(?:[ \t]*\n?[ \t]*(§[ \t]*\d+(?:(?:[ \t]*(?:,|and|or|&)[ \t]*\n?[ \t]*)§[ \t]*\d+)*)|[ \t]*\n?[ \t]*["“]([^"”\n]+)["”])?/g;

/** Every problem in one file's comments, as `line: what`. */
function problemsIn(source: string, readDoc: (name: string) => string | null): string[] {
  const text = commentText(source);
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  const problems: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const withoutUrls = line.replace(/\bhttps?:\/\/\S+/g, "");
    for (const { pattern, what } of OUTSIDE_DOCS) {
      const match = pattern.exec(withoutUrls);
      if (match) problems.push(`${index + 1}: "${match[0]}" cites ${what}, not a file in docs/`);
    }
  });
  for (const match of text.matchAll(DOC_CITATION)) {
    const [, name, sections, heading] = match;
    const line = lineOf(match.index);
    const body = readDoc(name!);
    if (body === null) {
      problems.push(`${line}: docs/${name} does not exist`);
      continue;
    }
    for (const [, number] of (sections ?? "").matchAll(/§[ \t]*(\d+)/g)) {
      if (!new RegExp(`^## ${number}\\.`, "m").test(body))
        problems.push(`${line}: docs/${name} has no "## ${number}."`);
    }
    if (
      heading &&
      !body.split("\n").some((row) => row.replace(/^##\s+/, "") === heading.trim() && row.startsWith("## "))
    ) {
      problems.push(`${line}: docs/${name} has no heading "## ${heading.trim()}"`);
    }
  }
  return problems;
}

describe("citations in comments", () => {
  it("reads only comments, and finds outside documents, missing docs and missing sections there", () => {
    const docs = (name: string) => (name === "a.md" ? "# A\n\n## 1. One\n\n## Words here\n" : null);
    const source = [
      "const port = process.env.SPECTOR_PORT; // fine",
      'const s = "SPEC A5 in a string is not a comment"; const r = /issue 4/;',
      "// Uploads (SPEC B4): chunked",
      "/**",
      " * Call budgets (beyond Meteor, issue 12): per connection",
      " * as https://github.com/meteor/meteor/issues/5167 says, and docs/a.md §1, docs/a.md",
      ' * §1 and §2; docs/b.md; docs/a.md "Words here", docs/a.md “No such words”',
      " */",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source with a template in it
      "const t = `${`// not a comment`} ${1 / 2} // still not`; // DESIGN §3",
      '<p>{/* The status (REFERENCE "Files") */}</p>',
    ].join("\n");
    expect(problemsIn(source, docs)).toEqual([
      '3: "SPEC" cites the spec, not a file in docs/',
      '5: "issue 12" cites a numbered issue (say why in words; a URL to another project\'s issue is fine), not a file in docs/',
      '9: "DESIGN" cites the design notes, not a file in docs/',
      '10: "REFERENCE" cites the reference notes, not a file in docs/',
      '6: docs/a.md has no "## 2."',
      "7: docs/b.md does not exist",
      '7: docs/a.md has no heading "## No such words"',
    ]);
  });

  it("cite only the repository's own docs, and only sections they have", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((path) =>
      problemsIn(readFileSync(path, "utf8"), doc).map((problem) => `${relative(ROOT, path)}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
