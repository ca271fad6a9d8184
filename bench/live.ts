/**
 * bench:live — a load test of live games against the production server on loopback.
 *
 *   npm run bench:live -- --players 2000 [--questions 3] [--games 1] [--concurrent 1] [--port 3460]
 *     [--client lean|socket.io] [--pin] [--page-load R | --instances 2] [--wordcloud]
 *
 * Starts the built server in its own process (fresh PGlite directory, join rate limit raised),
 * signs a host up, and from this process (the load generator) connects one
 * Socket.IO client per player (bench/lean-client.ts by default, socket.io-client with
 * `--client socket.io`). The scheduler places both processes on the machine's CPUs; `--pin` puts
 * the server on CPU 0 and the generator on CPU 1 (taskset), which keeps the generator's decoding
 * off the server's core but also confines the server's own helper threads (V8's garbage collector
 * and optimising compiler) to that one core, which no real deployment does (docs/benchmarks.md,
 * 2026-11-23: acknowledgement p99 at 2,000 players 80–550 ms pinned, ~50 ms not). It reports join p99, question broadcast latency (host action →
 * each player received it; p50/p99/max), answer acknowledgement p50/p99 with every player
 * answering within one second, lost answers (acknowledged but missing from the report: must be
 * 0), the server's event-loop delay p99 while a question runs, and server memory per player.
 * `--games G` plays G games one after another on the same server, each with fresh players: the
 * first game after a start runs on code and memory the server has not used yet, the later ones
 * show a warm server. `--concurrent C` splits the players over C games played at the same time
 * (the per-game detail lines are then left out). Per question it also prints the server's CPU
 * time and minor page faults.
 *
 * `--wordcloud` plays a quiz of QUESTIONS word-cloud questions (up to 3 words each, published into
 * the fresh data directory by bench/wordcloud-quiz.ts before the server starts) instead of a demo quiz: each player sends 1–3 words drawn from 600 with a Zipf-like
 * spread, so the server's grouping and its top-50 cap do real work.
 *
 * Comparisons, each in one invocation, each run on a fresh server, ending in one table:
 *   --page-load R   the game once without, then once with R requests/s (autocannon, in turn to
 *                   /explore and a quiz page) served by the same server while it runs; page
 *                   latency p50/p99 and errors beside the live figures;
 *   --instances 2   PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) + Redis + one instance,
 *                   then the same with two instances behind nginx (deploy/nginx-cluster.conf,
 *                   scripts/cluster-parts.ts); use --concurrent so the games spread by PIN.
 *                   Ports: nginx PORT, apps PORT+2 and PORT+4, Redis PORT+6.
 * Numbers, the machine and its load average go to stdout; docs/benchmarks.md keeps them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { clusterParts } from "../scripts/cluster-parts";
import { machine, percentile, startServer, stopServer } from "./server";
import { type ClientKind, type GameResult, playGame, sorted, stats, type Target } from "./live-game";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PLAYERS = arg("players", 500);
const QUESTIONS = arg("questions", 3);
const GAMES = arg("games", 1);
const PORT = arg("port", 3460);
const CONCURRENT = Math.max(1, arg("concurrent", 1));
const PAGE_LOAD = arg("page-load", 0);
const INSTANCES = arg("instances", 1);
const ROLES = args.includes("--roles");
const WORDCLOUD = args.includes("--wordcloud");
if (WORDCLOUD && (INSTANCES !== 1 || ROLES)) {
  console.error("--wordcloud runs on one instance (PGlite), with or without --page-load");
  process.exit(1);
}
if (ROLES && (INSTANCES !== 1 || PAGE_LOAD <= 0)) {
  console.error("--roles compares one instance with a web and a live instance under --page-load R (R > 0); it does not combine with --instances");
  process.exit(1);
}
// Old commands in docs/benchmarks.md still name these: stop rather than run something else.
for (const gone of ["--paired", "--fanout"]) {
  if (args.includes(gone)) {
    console.error(`${gone} is gone with the direct fanout (docs/benchmarks.md, 2026-11-24): live messages always go through Socket.IO's own broadcast`);
    process.exit(1);
  }
}
if (INSTANCES !== 1 && INSTANCES !== 2) {
  console.error("--instances is 1 or 2");
  process.exit(1);
}
/** The per-game detail lines (server emit times, arrivals, server work): one game at a time only. */
const DETAIL = CONCURRENT === 1;
const clientFlag = args.indexOf("--client");
const CLIENT = (clientFlag >= 0 ? args[clientFlag + 1] : "lean") as ClientKind;
if (CLIENT !== "lean" && CLIENT !== "socket.io") {
  console.error("--client is lean or socket.io");
  process.exit(1);
}
/** The server on CPU 0, this process on CPU 1; false where that cannot be done. */
function pinCpus(): boolean {
  if (!args.includes("--pin") || os.cpus().length < 2) return false;
  try {
    execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
    process.env.BENCH_SERVER_CPUS ??= "0";
    return true;
  } catch {
    return false; // no taskset (util-linux): the scheduler decides
  }
}
const PINNED = pinCpus();
const BASE = `http://127.0.0.1:${PORT}`;
const distDir = process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.error(`No production build in ${distDir}: run \`npm run build\` (or set QUIZDECK_NEXT_DIST_DIR) first.`);
  process.exit(1);
}

/** The figures every mode compares: one line per run. */
type Figures = {
  label: string;
  joinAll: number;
  joinP99: number;
  broadcastP50: number;
  broadcastP99: number;
  ackP50: number;
  ackP99: number;
  lost: number;
  refused: number;
  pages?: { requests: number; rps: number; p50: number; p99: number; errors: number };
};

function figures(label: string, games: GameResult[]): Figures {
  const all = (f: (g: GameResult) => number[]) => sorted(games.flatMap(f));
  const bt = all((g) => g.broadcast);
  const at = all((g) => g.acks);
  return {
    label,
    joinAll: Math.max(...games.map((g) => g.joinAll)),
    joinP99: percentile(all((g) => g.joinTimes), 99),
    broadcastP50: percentile(bt, 50),
    broadcastP99: percentile(bt, 99),
    ackP50: percentile(at, 50),
    ackP99: percentile(at, 99),
    lost: games.reduce((n, g) => n + g.acked - g.counted, 0),
    refused: games.reduce((n, g) => n + g.failed, 0),
  };
}

const n0 = (x: number) => x.toFixed(0).padStart(6);
function printTable(rows: Figures[]) {
  console.log("");
  console.log("| run | joins all in ms | join p99 | broadcast p50 | broadcast p99 | ack p50 | ack p99 | lost | pages: req/s, p50, p99 ms, errors |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    const pages = r.pages ? `${r.pages.rps.toFixed(1)}/s, ${r.pages.p50.toFixed(0)}, ${r.pages.p99.toFixed(0)}, ${r.pages.errors}` : "—";
    console.log(`| ${r.label} | ${n0(r.joinAll)} | ${n0(r.joinP99)} | ${n0(r.broadcastP50)} | ${n0(r.broadcastP99)} | ${n0(r.ackP50)} | ${n0(r.ackP99)} | ${r.lost}${r.refused ? ` (${r.refused} refused)` : ""} | ${pages} |`);
  }
}

/** R requests a second, in turn to /explore and a quiz page, until stopped. */
function startPageLoad(base: string, slug: string, rate: number) {
  let done: (r: autocannon.Result) => void = () => {};
  const result = new Promise<autocannon.Result>((r) => (done = r));
  const instance = autocannon(
    {
      url: base,
      // Enough connections that slow pages do not hold the rate down (each waits for its answer).
      connections: Math.max(4, Math.ceil(rate)),
      overallRate: rate,
      duration: 3600,
      requests: [{ path: "/explore" }, { path: `/quiz/${slug}` }],
    },
    (err, r) => {
      if (err) console.error("page load:", err);
      done(r);
    },
  );
  return {
    async stop() {
      instance.stop();
      const r = await result;
      const seconds = r.duration || 1;
      return { requests: r.requests.total, rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
    },
  };
}

/** The host's account and the quiz the games play, through `base`. */
async function hostAndQuiz(base: string): Promise<{ cookie: string; slug: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@quizdeck.test`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, handle: `bench-${Date.now() % 1e8}`, name: "Bench Host", password: "bench-password-1" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // --wordcloud: the quiz bench/wordcloud-quiz.ts put into the data directory before the start.
  if (WORDCLOUD) return { cookie, slug: "bench-word-clouds" };
  // A demo quiz (published, mixed question types) with at least QUESTIONS questions.
  const list = (await (await fetch(`${base}/api/v1/quizzes?limit=50`)).json()) as { items: { slug: string; questionCount: number }[] };
  const slug = list.items.find((q) => q.questionCount >= QUESTIONS)?.slug;
  if (!slug) throw new Error(`no demo quiz with ${QUESTIONS} questions`);
  return { cookie, slug };
}

/** The games of one run: GAMES rounds one after another, each of CONCURRENT games at once. */
async function playRounds(target: Target, pageLoad: number, label: string): Promise<Figures> {
  const { cookie, slug } = await hostAndQuiz(target.base);
  const results: GameResult[] = [];
  const load = pageLoad > 0 ? startPageLoad(target.base, slug, pageLoad) : null;
  let pages: Figures["pages"];
  try {
    for (let g = 0; g < GAMES; g++) {
      if (GAMES > 1) console.log(`\n— round ${g + 1} of ${GAMES} on the same server${g === 0 ? " (just started)" : ""}`);
      const perGame = Math.floor(PLAYERS / CONCURRENT);
      results.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => playGame(target, cookie, slug, perGame, { questions: QUESTIONS, client: CLIENT, detail: DETAIL })))));
    }
  } finally {
    pages = await load?.stop();
  }
  const f = figures(label, results);
  if (pages) f.pages = pages;
  return f;
}

/** One instance on PGlite (the default deployment), fresh, as bench:live has always run it. */
async function runSingle(pageLoad: number, label: string): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-live-"));
  if (WORDCLOUD) {
    execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "bench/wordcloud-quiz.ts", dir, String(QUESTIONS)], { stdio: "inherit" });
  }
  const server = await startServer(PORT, {
    QUIZDECK_DATA_DIR: dir,
    QUIZDECK_PUBLIC_URL: BASE,
    QUIZDECK_RATE_LIMIT_SIGN_IN: "1000",
  });
  try {
    return await playRounds({ base: BASE, appPorts: [PORT] }, pageLoad, label);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What an app instance serves (QUIZDECK_ROLE): pages and live games, pages only, live games only. */
type Role = "all" | "web" | "live";
/** The app instances of a cluster run, by role, and whether nginx stands in front of them. */
type Topology = { roles: Role[]; balancer: boolean };

/**
 * The several-instance topology (scripts/cluster-parts.ts): PostgreSQL, Redis and one app
 * instance per role in `topology`; with `balancer`, nginx (deploy/nginx-cluster.conf) in front,
 * players routed by PIN to the instances that run live games, pages to those that serve them.
 * Without, players and pages go straight to the first instance. Ports: nginx on PORT, the apps
 * on PORT + 2, PORT + 4, … (their stats ports one above), Redis on PORT + 1 + 2 × (apps + 1).
 */
async function runCluster(topology: Topology, pageLoad: number, label: string): Promise<Figures> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("--instances and --roles need PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (a server URL; a fresh database is made)");
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-cluster-"));
  const appPorts = topology.roles.map((_, i) => PORT + 2 + 2 * i);
  const parts = clusterParts({
    dir,
    nginxPort: PORT,
    appPorts,
    redisPort: PORT + 2 + 2 * appPorts.length,
    serverUrl,
    dbName: `quizdeck_livebench_${PORT}`,
    // Each socket through nginx holds two connections there.
    workerConnections: 4 * PLAYERS + 1024,
    appEnv: {
      QUIZDECK_RATE_LIMIT_SIGN_IN: "100000",
      QUIZDECK_RATE_LIMIT_ATTEMPTS: "100000",
      QUIZDECK_RATE_LIMIT_PIN_GUESSES: "100000",
      QUIZDECK_SECRET: "bench-live-secret-bench-live-secret-0123456",
    },
  });
  try {
    await parts.freshDatabase();
    parts.startRedis();
    // One migrates and seeds first; the others start beside each other once that is done.
    const start = (i: number) => parts.startApp(appPorts[i]!, i === 0, { QUIZDECK_STATS_PORT: String(appPorts[i]! + 1), QUIZDECK_ROLE: topology.roles[i]! });
    await start(0);
    await Promise.all(appPorts.slice(1).map((_, i) => start(i + 1)));
    const livePorts = appPorts.filter((_, i) => topology.roles[i] !== "web");
    const webPorts = appPorts.filter((_, i) => topology.roles[i] !== "live");
    let base = `http://127.0.0.1:${appPorts[0]}`;
    if (topology.balancer) {
      await parts.startNginx({ live: livePorts, web: webPorts });
      base = parts.origin;
    }
    // The instances that serve only pages: their CPU over the run, beside the live figures.
    const pageOnly = appPorts.filter((_, i) => topology.roles[i] === "web");
    const cpuOf = async () => (pageOnly.length ? (await stats({ base, appPorts: pageOnly })).cpuMs : 0);
    const cpuBefore = await cpuOf();
    const f = await playRounds({ base, appPorts: livePorts }, pageLoad, label);
    if (pageOnly.length) console.log(`  ${label}: the web instance(s) used ${(await cpuOf()) - cpuBefore} ms of CPU during the run`);
    // Where the games ran: answers taken by each instance (the balancer hashes PINs).
    if (livePorts.length > 1) {
      const perInstance = await Promise.all(livePorts.map(async (p) => (await stats({ base, appPorts: [p] })).answers));
      console.log(`  ${label}: answers taken per instance ${perInstance.join(", ")}`);
    }
    return f;
  } finally {
    await parts.cleanUp();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const shape = `${CONCURRENT > 1 ? `${CONCURRENT} games at once of ${Math.floor(PLAYERS / CONCURRENT)} players` : `${PLAYERS} players`}${WORDCLOUD ? ", word-cloud questions" : ""}`;
  console.log(
    `bench:live — ${shape} (${CLIENT === "lean" ? "lean clients" : "socket.io-client"}${PINNED ? "; server on CPU 0, generator on CPU 1" : ""}), ${QUESTIONS} questions; ${machine()}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(", ")}; ${new Date().toISOString()}`,
  );
  const rows: Figures[] = [];
  const failures: string[] = [];
  const run = async (f: () => Promise<Figures>) => {
    let r: Figures;
    try {
      r = await f();
    } catch (err) {
      // A run that stalls or fails is reported and the comparison goes on with the others.
      const message = err instanceof Error ? err.message : String(err);
      failures.push(message);
      console.error(`  a run FAILED: ${message} (load average ${os.loadavg()[0]!.toFixed(1)})`);
      return;
    }
    rows.push(r);
    console.log(`  ${r.label}: broadcast p50/p99 ${r.broadcastP50.toFixed(0)}/${r.broadcastP99.toFixed(0)} ms, ack p50/p99 ${r.ackP50.toFixed(0)}/${r.ackP99.toFixed(0)} ms, lost ${r.lost}${r.pages ? `; pages ${r.pages.rps.toFixed(1)}/s p50/p99 ${r.pages.p50}/${r.pages.p99} ms, ${r.pages.errors} errors` : ""} (load average ${os.loadavg()[0]!.toFixed(1)})`);
  };
  if (INSTANCES === 2) {
    // Side by side in one invocation: the same load on one instance, then on two behind nginx.
    await run(() => runCluster({ roles: ["all"], balancer: false }, PAGE_LOAD, "1 instance (PostgreSQL, Redis)"));
    await run(() => runCluster({ roles: ["all", "all"], balancer: true }, PAGE_LOAD, "2 instances + nginx (PostgreSQL, Redis)"));
    printTable(rows);
  } else if (ROLES) {
    // The same game without and with pages, on one instance doing both and on a web and a live
    // instance apart, each behind nginx so both go through the same proxy hop.
    const topologies: [Topology, string][] = [
      [{ roles: ["all"], balancer: true }, "1 instance (all)"],
      [{ roles: ["live", "web"], balancer: true }, "web + live"],
    ];
    for (const [topology, name] of topologies) {
      await run(() => runCluster(topology, 0, `${name}, no page load`));
      await run(() => runCluster(topology, PAGE_LOAD, `${name}, ${PAGE_LOAD} pages/s`));
    }
    printTable(rows);
  } else if (PAGE_LOAD > 0) {
    // The same game without, then with, pages being served beside it.
    await run(() => runSingle(0, "no page load"));
    await run(() => runSingle(PAGE_LOAD, `${PAGE_LOAD} pages/s`));
    printTable(rows);
  } else {
    await run(() => runSingle(0, "one server (PGlite)"));
    printTable(rows);
  }
  if (failures.length > 0) console.log(`\n${failures.length} run(s) failed: ${failures.join("; ")}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
