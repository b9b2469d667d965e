/**
 * `npm start` as a newcomer meets it: a port another program holds is
 * said plainly, with a non-zero exit, before anything is built or served
 * (it used to print "ready" for the other program's answers); and a
 * changed `.dev.vars` is a reason to build again, like a changed source.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { portIsFree, sourceFingerprint } from "../../scripts/lib.mjs";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

describe("npm start", () => {
  it("says a port set with PORT is taken, and exits with an error before building anything", async () => {
    const { server, port } = await listen();
    try {
      expect(await portIsFree(port)).toBe(false);
      const child = spawn(process.execPath, ["scripts/start.mjs"], {
        env: { ...process.env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += String(chunk)));
      child.stderr.on("data", (chunk) => (output += String(chunk)));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).not.toBe(0);
      expect(output).toContain(`port ${port} is taken`);
      expect(output).not.toContain("ready");
      expect(output).not.toContain("building");
    } finally {
      server.close();
    }
  });

  it("builds again when .dev.vars changes, as when a source changes", () => {
    const root = mkdtempSync(join(tmpdir(), "stockroom-fingerprint-"));
    made.push(root);
    mkdirSync(join(root, "app"));
    writeFileSync(join(root, "app", "main.tsx"), "export {};\n");
    spawnSync("git", ["init", "-q"], { cwd: root });
    spawnSync("git", ["add", "."], { cwd: root });
    const plain = sourceFingerprint(root);
    expect(plain).toEqual(expect.any(String));
    expect(sourceFingerprint(root)).toBe(plain);
    writeFileSync(join(root, ".dev.vars"), "MAILCHANNELS_API_KEY=one\n");
    const withVars = sourceFingerprint(root);
    expect(withVars).not.toBe(plain);
    writeFileSync(join(root, ".dev.vars"), "MAILCHANNELS_API_KEY=two\n");
    expect(sourceFingerprint(root)).not.toBe(withVars);
  });
});
