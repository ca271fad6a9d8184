/**
 * The parts of the several-instance topology (docs/operations.md, "Several instances") on
 * loopback, started by hand from the real binaries: a fresh PostgreSQL database, Redis, app
 * instances of the production build, and nginx configured by deploy/nginx-cluster.conf as it is
 * (only ports swapped in). Shared by the cluster test (scripts/cluster-test.ts) and the live
 * bench's `--instances 2` (bench/live.ts), so both measure and test the same thing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export const nginxBin = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => existsSync(p)) ?? "nginx";
export const redisBin = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p)) ?? "redis-server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type App = { port: number; child: ChildProcess; log: string };

export type ClusterOptions = {
  /** Logs and nginx's files go here. */
  dir: string;
  nginxPort: number;
  /** The instances' ports: every one in both of nginx's upstreams unless startNginx is told otherwise. */
  appPorts: readonly number[];
  redisPort: number;
  /** The PostgreSQL server (a fresh database is made on it) and that database's name. */
  serverUrl: string;
  dbName: string;
  /** Settings for every instance beyond the topology's own. */
  appEnv?: Record<string, string>;
  /** nginx's worker_connections: each socket through the balancer holds two. */
  workerConnections?: number;
  /** QUIZDECK_PUBLIC_URL of every instance: the address people reach nginx at (default its loopback origin). */
  publicUrl?: string;
};

export function clusterParts(o: ClusterOptions) {
  const children = new Set<ChildProcess>();
  const origin = `http://127.0.0.1:${o.nginxPort}`;
  let databaseUrl = "";
  let appRuns = 0;

  function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const file = path.join(o.dir, `${name}.log`);
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    child.stdout?.on("data", (d: Buffer) => appendFileSync(file, d));
    child.stderr?.on("data", (d: Buffer) => appendFileSync(file, d));
    child.on("exit", () => children.delete(child));
    return child;
  }

  async function freshDatabase(): Promise<string> {
    const admin = new pg.Client({ connectionString: o.serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${o.dbName} with (force)`);
    await admin.query(`create database ${o.dbName}`);
    await admin.end();
    const url = new URL(o.serverUrl);
    url.pathname = `/${o.dbName}`;
    databaseUrl = url.toString();
    return databaseUrl;
  }

  function startRedis(): ChildProcess {
    return start("redis", redisBin, ["--port", String(o.redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
  }

  /** One instance on `port` (freshDatabase first); `seed` loads the demo quizzes. */
  async function startApp(port: number, seed = false, env: Record<string, string> = {}): Promise<App> {
    const name = `app-${port}-${++appRuns}`;
    const child = start(name, process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      // One instance loads the demo quizzes; the others start beside it.
      QUIZDECK_SEED_DEMO: String(seed),
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${o.redisPort}`,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      QUIZDECK_PUBLIC_URL: o.publicUrl ?? origin,
      QUIZDECK_TRUST_PROXY: "127.0.0.1",
      ...o.appEnv,
      ...env,
    });
    const file = path.join(o.dir, `${name}.log`);
    const deadline = Date.now() + 180_000;
    for (;;) {
      const out = existsSync(file) ? readFileSync(file, "utf8") : "";
      if (out.includes("Quizdeck ready")) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`app on ${port} did not start:\n${out}`);
      await sleep(200);
    }
    return { port, child, log: file };
  }

  function stopApp(app: App, signal: "SIGKILL" | "SIGTERM"): Promise<number | null> {
    const exited = new Promise<number | null>((r) => (app.child.exitCode !== null ? r(app.child.exitCode) : app.child.on("exit", (code) => r(code))));
    app.child.kill(signal);
    return exited;
  }

  /**
   * nginx with deploy/nginx-cluster.conf, its ports swapped in. `upstreams` says which app ports
   * serve live games (`quizdeck_live`) and which pages and the API (`quizdeck`): every instance
   * for both by default; with QUIZDECK_ROLE, the live instances and the web instances.
   */
  async function startNginx(upstreams: { live?: readonly number[]; web?: readonly number[] } = {}) {
    let site = readFileSync("deploy/nginx-cluster.conf", "utf8");
    if (!site.includes("listen 80;")) throw new Error('deploy/nginx-cluster.conf no longer contains "listen 80;"; update scripts/cluster-parts.ts');
    site = site.replace("listen 80;", `listen 127.0.0.1:${o.nginxPort};`);
    site = withServers(site, "quizdeck_live", upstreams.live ?? o.appPorts);
    site = withServers(site, "quizdeck", upstreams.web ?? o.appPorts);
    const ngx = path.join(o.dir, "nginx");
    mkdirSync(ngx, { recursive: true });
    writeFileSync(path.join(ngx, "site.conf"), site);
    const t = (n: string) => path.join(ngx, n);
    const connections = o.workerConnections ?? 1024;
    writeFileSync(
      t("nginx.conf"),
      `worker_processes 1;\nworker_rlimit_nofile ${connections * 2};\npid ${t("nginx.pid")};\nerror_log ${t("error.log")} warn;\nevents { worker_connections ${connections}; }\nhttp {\n  access_log off;\n  client_body_temp_path ${t("cb")};\n  proxy_temp_path ${t("proxy")};\n  fastcgi_temp_path ${t("fcgi")};\n  uwsgi_temp_path ${t("uwsgi")};\n  scgi_temp_path ${t("scgi")};\n  include ${t("site.conf")};\n}\n`,
    );
    start("nginx", nginxBin, ["-p", ngx, "-e", t("error.log"), "-c", t("nginx.conf"), "-g", "daemon off;"]);
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${origin}/api/health`).catch(() => null))?.ok) return;
      await sleep(200);
    }
    throw new Error("nginx did not come up");
  }

  /** Stops everything started here and drops the database. */
  async function cleanUp() {
    // nginx by TERM (its fast shutdown): killed outright, its master would leave the workers listening.
    const exits = [...children].map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.on("exit", r))));
    for (const child of children) child.kill(child.spawnfile === nginxBin ? "SIGTERM" : "SIGKILL");
    await Promise.race([Promise.all(exits), sleep(5_000)]);
    const admin = new pg.Client({ connectionString: o.serverUrl });
    await admin.connect().catch(() => {});
    await admin.query(`drop database if exists ${o.dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }

  return { origin, children, start, freshDatabase, startRedis, startApp, stopApp, startNginx, cleanUp };
}

/**
 * The upstream block `name` of an nginx configuration with one `server` line per port, each
 * keeping the options (max_fails, fail_timeout) of the file's first `server` line there.
 */
export function withServers(conf: string, name: string, ports: readonly number[]): string {
  const block = new RegExp(`(upstream ${name} \\{\\n)([\\s\\S]*?)(\\n\\})`);
  const m = block.exec(conf);
  if (!m) throw new Error(`deploy/nginx-cluster.conf has no "upstream ${name}" block; update scripts/cluster-parts.ts`);
  const lines = m[2]!.split("\n");
  const first = lines.findIndex((l) => /^\s*server 127\.0\.0\.1:\d+ /.test(l));
  if (first < 0) throw new Error(`"upstream ${name}" in deploy/nginx-cluster.conf has no "server 127.0.0.1:PORT …" line`);
  const template = lines[first]!;
  const servers = ports.map((p) => template.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${p}`));
  const rest = lines.filter((l) => !/^\s*server 127\.0\.0\.1:\d+ /.test(l));
  rest.splice(first, 0, ...servers);
  return conf.replace(block, (_all, open: string, _body, close: string) => `${open}${rest.join("\n")}${close}`);
}
