import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * A throw-away Debian `redis-server` on loopback for tests: no persistence, a free port. Tests
 * that need it skip without the binary, except in CI (.ci/run installs it), where they fail.
 */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedisServer && process.env.CI) throw new Error("redis-server is not installed (apt-get install redis-server)");

export type TestRedis = { url: string; port: number; stop(): Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startRedis(port?: number): Promise<TestRedis> {
  const p = port ?? (await freePort());
  const child: ChildProcess = spawn("redis-server", ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const start = Date.now();
  while (!output.includes("Ready to accept connections")) {
    if (child.exitCode !== null || Date.now() - start > 10_000) throw new Error(`redis-server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    async stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
