/** Shared by the benchmarks: start the production server in its own process, and name the machine. */
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import os from "node:os";
import pg from "pg";

/** The value after `--name` on the command line, if any. */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

export function requireBuild() {
  // QUIZDECK_NEXT_DIST_DIR: another build (say, a copy of main's) served by this tree's server.
  if (!existsSync(`${process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

/** The live counters' loopback-only port of a bench server (QUIZDECK_STATS_PORT): the app's port + 1. */
export const statsUrl = (port: number, path: string) => `http://127.0.0.1:${port + 1}${path}`;

export function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const command = [process.execPath, ...extra, "--import", "tsx", "src/server/main.ts"];
  // BENCH_SERVER_CPUS: run the server on these CPUs only (taskset -c), apart from the load generator.
  const cpus = process.env.BENCH_SERVER_CPUS;
  if (cpus) command.unshift("taskset", "-c", cpus);
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, QUIZDECK_STATS_PORT: String(port + 1), ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, d);
      if (d.toString().includes("Quizdeck ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.on("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** A fresh database on the PostgreSQL server of BENCH_DATABASE_URL or TEST_DATABASE_URL, if set. */
export async function freshPostgres(name: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
