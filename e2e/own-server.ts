import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A Quizdeck server of a spec's own (`src/server/main.ts` on an empty PGlite data directory), for
 * settings the shared servers of playwright.config.ts must not have: SMTP, an OpenID provider,
 * `localhost` for passkeys, a stats port. Its output is kept in memory and in
 * `$TMPDIR/quizdeck-<logName>-server-<E2E_PORT_BASE>.log` for a failure's post-mortem.
 */
export type OwnServer = {
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** The server's data directory (removed by stop). */
  dir: string;
  /** SIGTERM, wait for the exit, remove the data directory. */
  stop: () => Promise<void>;
};

/** Starting takes a minute or more on a loaded 2-core machine: a beforeAll that calls this needs test.setTimeout(330_000). */
export async function startOwnServer(options: { port: number; logName: string; env: Record<string, string> }): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `quizdeck-${options.logName}-`));
  const logFile = path.join(tmpdir(), `quizdeck-${options.logName}-server-${process.env.E2E_PORT_BASE ?? 3100}.log`);
  writeFileSync(logFile, "");
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(options.port), HOSTNAME: "127.0.0.1", QUIZDECK_DATA_DIR: dir, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (d: Buffer) => {
    output += d.toString();
    appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const start = Date.now();
  while (!output.includes("Quizdeck ready")) {
    if (Date.now() - start > 300_000 || child.exitCode !== null) {
      await stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, dir, stop };
}
