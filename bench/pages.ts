/**
 * bench:pages — what a phone on a slow network gets from each public page, measured by Lighthouse.
 *
 *   npm run bench:pages [-- --runs 3] [--network both|slow4g|3g] [--pages home,join,...] [--port 3470] [--base URL]
 *
 * Starts the built server (fresh PGlite directory) unless `--base` names a running one, prepares
 * what the pages need (a guest's attempt in progress for /play, a finished one for /results, a
 * live game in its lobby for /join/[pin] and /game/[pin], hosted over Socket.IO by an account made
 * here), then runs Lighthouse's mobile preset on Debian's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium) `--runs` times per page and network and prints medians:
 *  - "slow4g": Lighthouse's own mobile preset (simulated Slow 4G, 4× slower CPU); its performance
 *    and accessibility scores are the ones the aims speak of;
 *  - "3g": the same with Lighthouse's Regular-3G simulation (300 ms RTT, 700 kbit/s).
 * Pages: home, explore, a quiz page, join, join with a PIN, the live game screen, solo play,
 * results, sign-in and sign-up, and study mode: the quiz's deck as a guest (study) and as a member
 * (study-member), a member's study dashboard (study-dash) and account page (me) (`--pages` takes
 * these names).
 * JS is counted twice: as transferred (whatever encoding the server chose) and as the sum of each
 * loaded script gzipped here at level 9, so numbers stay comparable across encodings.
 * BENCH_PAGES_TASKS=1 also prints each run's long tasks and its script time by file.
 * Numbers and the machine go to stdout; docs/benchmarks.md keeps them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { connectLive, emitAck } from "../src/test/live-socket";
import { arg, machine, requireBuild, startServer, stopServer } from "./server";

const RUNS = Number(arg("runs") ?? 3);
const NETWORK = arg("network") ?? "both";
const PORT = Number(arg("port") ?? 3470);
const BASE = arg("base") ?? `http://127.0.0.1:${PORT}`;
const ONLY = arg("pages")?.split(",");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const NETWORKS = {
  slow4g: constants.throttling.mobileSlow4G,
  "3g": constants.throttling.mobileRegular3G,
} as const;
type NetworkName = keyof typeof NETWORKS;

type Page = { name: string; path: (run: number) => string; cookie?: string };
type Sample = { jsTransfer: number; jsGzip: number; jsFiles: number; htmlTransfer: number; lcp: number; tbt: number; fcp: number; performance: number; accessibility: number };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A guest's attempt: started (for /play) or finished (for /results). */
async function guestAttempt(slug: string, finish: boolean) {
  const res = await fetch(`${BASE}/api/v1/quizzes/${slug}/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ nickname: "Bench" }),
  });
  const cookie = cookiesOf(res);
  const { attemptId } = await json<{ attemptId: string }>(res);
  if (finish) await json(await fetch(`${BASE}/api/v1/attempts/${attemptId}/finish`, { method: "POST", headers: { cookie, origin: BASE } }));
  return { attemptId, cookie };
}

/** A new account's session cookie. */
async function member(name: string) {
  const stamp = Date.now();
  const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: `bench-${name}-${stamp}@quizdeck.test`, handle: `bench-${name}-${stamp % 1e8}`, name: "Bench Member", password: "bench-password-1" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  return cookiesOf(signUp);
}

/** A live game in its lobby, hosted by a new account over Socket.IO; the socket keeps it open. */
async function liveGame(slug: string) {
  const host = await connectLive(BASE, { cookie: await member("host") });
  const created = await emitAck<{ ok: boolean; pin?: string }>(host, "host:create", { slug });
  if (!created.ok || !created.pin) throw new Error(`host:create: ${JSON.stringify(created)}`);
  return { pin: created.pin, close: () => host.disconnect() };
}

async function gzipSizeOf(url: string, cookie: string | undefined, cache: Map<string, number>) {
  const known = cache.get(url);
  if (known !== undefined) return known;
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  cache.set(url, size);
  return size;
}

type Item = { url: string; resourceType: string; transferSize: number; mimeType?: string };

async function measure(chromePort: number, page: Page, run: number, network: NetworkName, gzCache: Map<string, number>): Promise<Sample> {
  const url = `${BASE}${page.path(run)}`;
  const result = await lighthouse(
    url,
    { port: chromePort, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], extraHeaders: page.cookie ? { cookie: page.cookie } : undefined },
    { extends: "lighthouse:default", settings: { throttling: NETWORKS[network] } },
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const items = ((lhr.audits["network-requests"]?.details as { items?: Item[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith(BASE));
  const scripts = items.filter((i) => i.resourceType === "Script");
  const gz = await Promise.all(scripts.map((s) => gzipSizeOf(s.url, page.cookie, gzCache)));
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // BENCH_PAGES_TASKS=1 prints each run's long main-thread tasks (start ms, duration ms, script).
  if (process.env.BENCH_PAGES_TASKS) {
    const tasks = (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
    console.log(`  ${page.name} ${network} long tasks:`, tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${t.url.replace(/^.*\//, "") || "document"}`).join(", "));
    // And where the main thread's time went by script (Lighthouse's bootup-time: evaluation, parsing).
    const bootup = (lhr.audits["bootup-time"]?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined)?.items ?? [];
    console.log(`  ${page.name} ${network} script time (ms, eval+parse):`, bootup.map((b) => `${b.url.replace(/^.*\//, "") || "document"} ${Math.round(b.scripting)}+${Math.round(b.scriptParseCompile)}`).join(", "));
  }
  return {
    jsTransfer: scripts.reduce((sum, s) => sum + s.transferSize, 0),
    jsGzip: gz.reduce((a, b) => a + b, 0),
    jsFiles: scripts.length,
    htmlTransfer: items.find((i) => i.resourceType === "Document")?.transferSize ?? 0,
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    fcp: metric("first-contentful-paint"),
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main() {
  const own = !arg("base");
  let dir: string | undefined;
  let server;
  if (own) {
    requireBuild();
    dir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-pages-"));
    server = await startServer(PORT, {
      QUIZDECK_DATA_DIR: dir,
      QUIZDECK_PUBLIC_URL: BASE,
      QUIZDECK_RATE_LIMIT_JOIN: "10000",
      QUIZDECK_RATE_LIMIT_SIGN_IN: "1000",
    });
  }
  const networks: NetworkName[] = NETWORK === "both" ? ["slow4g", "3g"] : [NETWORK as NetworkName];
  console.log(`bench:pages — Lighthouse mobile, ${RUNS} runs per page and network (${networks.join(", ")}), medians; ${machine()}`);
  let game: Awaited<ReturnType<typeof liveGame>> | undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const list = await json<{ items: { slug: string; questionCount: number }[] }>(await fetch(`${BASE}/api/v1/quizzes?limit=50`));
    const slug = list.items.find((q) => q.questionCount >= 4)?.slug;
    if (!slug) throw new Error("no published quiz with 4 questions or more");
    const playing = await guestAttempt(slug, false);
    const finished = await guestAttempt(slug, true);
    game = await liveGame(slug);
    const pin = game.pin;
    const studying = await member("study");
    const all: Page[] = [
      { name: "home", path: () => "/" },
      { name: "explore", path: () => "/explore" },
      { name: "quiz", path: () => `/quiz/${slug}` },
      { name: "join", path: () => "/join" },
      { name: "join-pin", path: () => `/join/${pin}` },
      // Every run joins the lobby as a new player.
      { name: "game", path: (run) => `/game/${pin}?name=Bench${run}` },
      { name: "play", path: () => `/play/${playing.attemptId}`, cookie: playing.cookie },
      { name: "results", path: () => `/results/${finished.attemptId}` },
      { name: "sign-in", path: () => "/sign-in" },
      { name: "sign-up", path: () => "/sign-up" },
      // Lighthouse starts each run with empty storage: a guest who has studied nothing here.
      { name: "study", path: () => `/study/${slug}` },
      { name: "study-member", path: () => `/study/${slug}`, cookie: studying },
      { name: "study-dash", path: () => "/study", cookie: studying },
      { name: "me", path: () => "/me", cookie: studying },
    ];
    const pages = all.filter((p) => !ONLY || ONLY.includes(p.name));
    const gzCache = new Map<string, number>();
    const kB = (n: number) => (n / 1000).toFixed(1).padStart(6);
    const s = (ms: number) => (ms / 1000).toFixed(2).padStart(5);
    console.log("page         network   JS gz kB  JS sent kB  files  HTML sent kB  FCP s  LCP s  TBT ms  perf  a11y");
    let run = 0;
    for (const page of pages) {
      for (const network of networks) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) samples.push(await measure(chrome.port, page, run++, network, gzCache));
        const m = (key: keyof Sample) => median(samples.map((x) => x[key]));
        console.log(
          `${page.name.padEnd(12)} ${network.padEnd(7)} ${kB(m("jsGzip"))}     ${kB(m("jsTransfer"))}     ${String(m("jsFiles")).padStart(3)}     ${kB(m("htmlTransfer"))}     ${s(m("fcp"))}  ${s(m("lcp"))}  ${String(Math.round(m("tbt"))).padStart(6)}  ${String(m("performance")).padStart(4)}  ${String(m("accessibility")).padStart(4)}`,
        );
        const failing = samples.flatMap((x) => (x.accessibility < 100 ? [x.accessibility] : []));
        if (failing.length > 0 && network === networks[0]) console.log(`           (accessibility below 100 in ${failing.length} run(s): run Lighthouse on ${page.path(0)} for the audits)`);
      }
    }
  } finally {
    game?.close();
    chrome.kill();
    if (server) await stopServer(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
