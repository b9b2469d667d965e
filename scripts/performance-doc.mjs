// docs/performance.md from one `npm run bench` run (scripts/bench.mjs calls it). Everything
// about a bench — what it measures, its headings, figures and notes — comes from the JSON lines
// its harness calls wrote (bench/harness.mjs: about, section, note, report); nothing here is
// about any one bench.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";

const versionOf = (pkg) => {
  try {
    return JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, "utf8")).version;
  } catch {
    return "unknown";
  }
};

function chromium() {
  const candidates = [
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const path = process.env.CHROMIUM_PATH ?? candidates.find((candidate) => existsSync(candidate));
  try {
    if (!path) return "Chromium not found";
    const version = execFileSync(path, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return version.replace(/ built on .*/s, "").trim();
  } catch {
    return "Chromium (version unknown)";
  }
}

function system() {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync("/etc/os-release", "utf8"));
    if (pretty) return `${os.type()} ${os.release()}, ${pretty[1]}`;
  } catch {}
  return `${os.type()} ${os.release()}`;
}

/** The machine the run was on: CPU model and count, memory, OS, runtimes. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${system()} (${os.arch()})`,
    runtimes: `Node ${process.version}, wrangler ${versionOf("wrangler")}, workerd ${versionOf("workerd")}, ${chromium()}`,
  };
}

const cell = (text) => String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
const verdict = (entry) => (entry.target ? `${entry.target} — ${entry.met ? "met" : "**not met**"}` : "");
const duration = (seconds) =>
  seconds < 90 ? `${Math.round(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

const table = (figures) => [
  "| Figure | Measured | Baseline | Unit | Ratio | Target |",
  "| --- | ---: | ---: | --- | ---: | --- |",
  ...figures.map(
    (entry) =>
      `| ${[entry.name, entry.figure, entry.baseline, entry.unit, `${entry.ratio}×`, verdict(entry)].map(cell).join(" | ")} |`,
  ),
  "",
];

/** One bench: heading, what it measures, then each of its sections — heading, a table of its figures, its notes. */
function benchSection({ name, file, status, seconds, entries }) {
  const lines = [`## ${name}`, "", `\`node bench/${file}\`, ${duration(seconds)}.`, ""];
  if (status !== 0) {
    lines.push(`**Failed in this run** (exit code ${status}): below is only what it reported before it failed.`, "");
  }
  const about = entries.find((entry) => entry.kind === "about");
  if (about) lines.push(about.text, "");
  const sections = [{ text: null, figures: [], notes: [] }];
  for (const entry of entries) {
    if (entry.kind === "section") sections.push({ text: entry.text, figures: [], notes: [] });
    if (entry.kind === "figure") sections.at(-1).figures.push(entry);
    if (entry.kind === "note") sections.at(-1).notes.push(entry.text);
  }
  for (const { text, figures, notes } of sections) {
    if (text) lines.push(`**${cell(text)}**`, "");
    if (figures.length > 0) lines.push(...table(figures));
    if (notes.length > 0) lines.push(...notes.map((note) => `- ${cell(note)}`), "");
  }
  return lines.join("\n");
}

/**
 * The whole file. `run`: { started, seconds, command, settings (BENCH_* variables set),
 * benches: [{ name, file, status, seconds, entries }] }.
 */
export function performanceDoc(run) {
  const { cpu, memory, os: system, runtimes } = machine();
  const failed = run.benches.filter((bench) => bench.status !== 0).map((bench) => bench.name);
  const settings = Object.entries(run.settings);
  return `${[
    "# Performance",
    "",
    "<!-- Written by `npm run bench` (scripts/bench.mjs, scripts/performance-doc.mjs): do not edit by hand. -->",
    "",
    "Every figure here comes from one full `npm run bench` run, each beside a baseline measured in the same run on the same machine; " +
      "the ratio is the figure divided by its baseline. Absolute times depend on the machine and move between runs; the ratios move less. " +
      "Each bench's own file says in its opening comment what it measures and why.",
    "",
    "Only a run of every bench writes this file, so all of it is from one run: `npm run bench -- <name>` (some benches) and " +
      "`BENCH_SMOKE=1` (tiny sizes, as `npm test` runs them) leave it as it is. " +
      "A bench that fails is still listed, marked failed, with what it reported before failing.",
    "",
    `- Date: ${run.started.toISOString()} (took ${duration(run.seconds)})`,
    `- Command: \`${run.command}\``,
    `- Settings: ${settings.length === 0 ? "the benches' defaults (no BENCH_* variables set)" : settings.map(([key, value]) => `\`${key}=${value}\``).join(", ")}`,
    `- Machine: ${cpu}, ${memory} memory, ${system}`,
    `- Runtimes: ${runtimes}`,
    `- Benches: ${run.benches.length}, ${failed.length === 0 ? "all passed" : `failed: ${failed.join(", ")}`}`,
    "",
    ...run.benches.map(benchSection),
  ]
    .join("\n")
    .trimEnd()}\n`;
}
