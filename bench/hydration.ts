/**
 * bench:hydration — loads pages many times in fresh browser contexts and counts React's hydration
 * error 418 (the server's HTML and the browser's first render differ), with what it takes to see
 * why when one happens.
 *
 *   npm run bench:hydration [-- --loads 400] [--pages home,explore,quiz,quiz-es,join] [--cpu 4]
 *     [--latency 0] [--kbps 0] [--burn 0] [--parallel 2] [--port 4310] [--base URL] [--out DIR]
 *     [--trickle 0] [--explain]
 *
 * Starts the built server (fresh PGlite directory) unless `--base` names a running one. Each load
 * is a new context at 390×844 or 320×568 (alternating), optionally with Chromium's CPU slowed
 * `--cpu` times and the network throttled (`--latency` ms, `--kbps` down), while `--burn` child
 * processes keep the machine's cores busy and `--parallel` loads run at once. `--trickle MS` loads
 * the pages through a proxy that sends the shell at once and then each script of the page's RSC
 * payload MS ms apart (e2e/trickle-proxy.ts), as a busy server does: the way to see the race
 * without loading the machine.
 *
 * `--explain` rewrites the built React DOM chunk served to the browser (on the way, through
 * Playwright's routing) so that a mismatch records the fiber React expected and the DOM node it
 * found before it throws the minified error. For every load with a 418, the served HTML, the
 * network chunks it arrived in and that record go to `--out` (default /tmp/quizdeck-hydration).
 * Prints the count and rate per page and in all.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Route } from "@playwright/test";
import { startTrickleProxy } from "../e2e/trickle-proxy";
import { arg, machine, requireBuild, startServer, stopServer } from "./server";

const flag = (name: string) => process.argv.includes(`--${name}`);
const LOADS = Number(arg("loads") ?? 400);
const CPU = Number(arg("cpu") ?? 1);
const LATENCY = Number(arg("latency") ?? 0);
const KBPS = Number(arg("kbps") ?? 0);
const BURN = Number(arg("burn") ?? 0);
const PARALLEL = Number(arg("parallel") ?? 1);
const PORT = Number(arg("port") ?? 4310);
const BASE = arg("base") ?? `http://127.0.0.1:${PORT}`;
const OUT = arg("out") ?? path.join(tmpdir(), "quizdeck-hydration");
const EXPLAIN = flag("explain");
const TRICKLE = Number(arg("trickle") ?? 0);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const PAGES: Record<string, string> = {
  home: "/",
  explore: "/explore",
  quiz: "/quiz/solar-system-basics",
  "quiz-es": "/quiz/geografia-de-america-latina",
  join: "/join",
  "sign-in": "/sign-in",
};
const pageNames = (arg("pages") ?? "home,explore,quiz,quiz-es,join").split(",");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
];

/**
 * The instrumentation for `--explain`: React's production build throws error 418 from one small
 * function, given the fiber that could not hydrate. Before it throws, record that fiber, the DOM
 * node hydration stood at and its parent, so a mismatch says what differed.
 */
function explainReact(source: string): string {
  const thrower = /function (\w+)\((\w+)\)\{var (\w+)=Error\((\w+)\(418,/.exec(source);
  // The hydration state: `var parentFiber=null,nextInstance=null,isHydrating=!1,...,Error(x(519))`.
  const state = /var (\w+)=null,(\w+)=null,(\w+)=!1,\w+=null,\w+=!1,\w+=Error\(\w+\(519\)\)/.exec(source);
  if (!thrower || !state) return source;
  const [, name, fiber] = thrower;
  const [, parentFiber, nextInstance] = state;
  const record = `try{var __n=${nextInstance},__p=${parentFiber},__d=function(n){return n?(n.nodeType===1?n.outerHTML.slice(0,400):n.nodeType+":"+String(n.nodeValue).slice(0,200)):null};(window.__h418=window.__h418||[]).push({at:performance.now(),readyState:document.readyState,type:typeof ${fiber}.type==="string"?${fiber}.type:(${fiber}.type&&(${fiber}.type.displayName||${fiber}.type.name))||String(${fiber}.tag),props:(function(p){try{return JSON.stringify(p,function(k,v){return k==="children"&&typeof v!=="string"?"[children]":typeof v==="function"?"[fn]":v}).slice(0,400)}catch(e){return"?"}})(${fiber}.pendingProps),found:__d(__n),foundPrev:__n&&__d(__n.previousSibling),parent:__p&&__p.stateNode&&__p.stateNode.nodeType===1?__d(__p.stateNode):String(__p&&__p.tag),parentChildren:__p&&__p.stateNode&&__p.stateNode.childNodes?[].map.call(__p.stateNode.childNodes,function(c){return c.nodeType===1?"<"+c.nodeName.toLowerCase()+(c.id?"#"+c.id:"")+">":c.nodeType===3?"#text("+c.nodeValue.length+")":"#"+c.nodeType+":"+String(c.nodeValue).slice(0,20)}).join(" "):null})}catch(__e){}`;
  return source.replace(thrower[0], `function ${name}(${fiber}){${record};var ${thrower[3]}=Error(${thrower[4]}(418,`);
}

/** Before any page script: when DOMContentLoaded fires, and every uncaught error's time. */
function initScript() {
  const w = window as unknown as { __times: Record<string, number>; __errors: { at: number; message: string }[] };
  w.__times = {};
  w.__errors = [];
  document.addEventListener("DOMContentLoaded", () => (w.__times.domContentLoaded = performance.now()));
  window.addEventListener("load", () => (w.__times.load = performance.now()));
  window.addEventListener("error", (e) => w.__errors.push({ at: performance.now(), message: String(e.message) }));
}

type Result = { page: string; viewport: string; hit: boolean; errors: string[] };

async function loadOnce(browser: Browser, base: string, name: string, n: number, reactChunks: Map<string, string>): Promise<Result> {
  const viewport = VIEWPORTS[n % VIEWPORTS.length]!;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US" });
  const errors: string[] = [];
  try {
    await context.addInitScript(initScript);
    if (EXPLAIN) {
      await context.route(/\/_next\/static\/chunks\/[^/]+\.js$/, async (route: Route) => {
        const url = route.request().url();
        let body = reactChunks.get(url);
        if (body === undefined) {
          const res = await route.fetch();
          const text = await res.text();
          body = text.includes("(418,") ? explainReact(text) : text;
          reactChunks.set(url, body);
        }
        await route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body });
      });
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (CPU > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    const chunks: { t: number; bytes: number; encoded: number }[] = [];
    let documentId: string | undefined;
    await cdp.send("Network.enable");
    if (LATENCY || KBPS) {
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: LATENCY, downloadThroughput: KBPS ? (KBPS * 1024) / 8 : -1, uploadThroughput: -1 });
    }
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.type === "Document" && !documentId) documentId = e.requestId;
    });
    cdp.on("Network.dataReceived", (e) => {
      if (e.requestId === documentId) chunks.push({ t: e.timestamp, bytes: e.dataLength, encoded: e.encodedDataLength });
    });
    page.on("pageerror", (e) => errors.push(String(e.message ?? e)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`console: ${m.text()}`);
    });
    const response = await page.goto(base + PAGES[name], { waitUntil: "load" });
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    const hit = errors.some((e) => /#418|Hydration failed/.test(e));
    if (hit) {
      mkdirSync(OUT, { recursive: true });
      const stem = path.join(OUT, `${name}-${n}`);
      const info = await page.evaluate(() => ({ times: (window as unknown as { __times: unknown }).__times, windowErrors: (window as unknown as { __errors: unknown }).__errors, mismatch: (window as unknown as { __h418?: unknown }).__h418 ?? null }));
      writeFileSync(`${stem}.json`, JSON.stringify({ url: page.url(), viewport, errors, ...info, chunks }, null, 2));
      if (response) writeFileSync(`${stem}.html`, await response.body().catch(() => Buffer.from("")));
    }
    return { page: name, viewport: `${viewport.width}x${viewport.height}`, hit, errors };
  } finally {
    await context.close();
  }
}

/** A process that keeps one core busy until it is stopped. */
function burner(): ChildProcess {
  return spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
}

async function main() {
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let dataDir: string | null = null;
  if (!arg("base")) {
    requireBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-hydration-"));
    server = await startServer(PORT, { QUIZDECK_DATA_DIR: dataDir, QUIZDECK_PUBLIC_URL: BASE });
  }
  const proxy = TRICKLE ? await startTrickleProxy(BASE, TRICKLE) : null;
  const target = proxy?.url ?? BASE;
  const burners = Array.from({ length: BURN }, burner);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
  const reactChunks = new Map<string, string>();
  const results: Result[] = [];
  let next = 0;
  const started = Date.now();
  try {
    // Warm the server's routes first, so the first loads are not all compiling caches.
    for (const name of pageNames) await fetch(BASE + PAGES[name]).then((r) => r.text());
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let n = next++; n < LOADS; n = next++) {
          const name = pageNames[n % pageNames.length]!;
          const result = await loadOnce(browser, target, name, n, reactChunks).catch((err: unknown) => ({ page: name, viewport: "?", hit: false, errors: [`load failed: ${String(err)}`] }));
          results.push(result);
          if (result.hit) console.log(`418 on load ${n} (${name}, ${result.viewport}): ${result.errors.find((e) => e.includes("418"))?.slice(0, 300)}`);
          else if (result.errors.length) console.log(`load ${n} (${name}): ${result.errors.join(" / ").slice(0, 300)}`);
          if ((n + 1) % 50 === 0) console.log(`… ${n + 1} loads, ${results.filter((r) => r.hit).length} with 418 (${Math.round((Date.now() - started) / 1000)} s)`);
        }
      }),
    );
  } finally {
    await browser.close();
    for (const b of burners) b.kill();
    await proxy?.close();
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const hits = results.filter((r) => r.hit).length;
  console.log(`\n${machine()}; load average at the end ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`conditions: cpu ${CPU}×, latency ${LATENCY} ms, ${KBPS || "unthrottled"} kbit/s, ${BURN} burners, ${PARALLEL} at once${TRICKLE ? `, RSC payload trickled ${TRICKLE} ms apart` : ""}${EXPLAIN ? ", --explain" : ""}`);
  for (const name of pageNames) {
    const mine = results.filter((r) => r.page === name);
    console.log(`${name.padEnd(10)} ${mine.filter((r) => r.hit).length} / ${mine.length}`);
  }
  console.log(`all        ${hits} / ${results.length} loads logged error 418${hits ? ` (details in ${OUT})` : ""}`);
  const failed = results.filter((r) => r.errors.some((e) => e.startsWith("load failed"))).length;
  if (failed) console.log(`${failed} loads failed to load`);
}

await main();
