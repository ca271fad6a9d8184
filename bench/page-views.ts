/**
 * bench:page-views — what one visitor's page view costs the server: CPU seconds and requests,
 * counting what the page's links prefetch after it loads.
 *
 *   npm run bench:page-views [-- --views 10] [--pages home,explore,quiz] [--phone] [--port 4330]
 *
 * Starts the built server (fresh PGlite directory), then loads each page `--views` times, the
 * pages taking turns, each in a new browser context (a new visitor), and stays 2 s after the load
 * event (hydration and the prefetches it starts are over by then). The server's CPU time
 * (/proc/<pid>/stat, user + system) is read before each load and 2 s after it. Prints, per page,
 * the server's CPU milliseconds per view and the requests per view (all, and the RSC requests
 * prefetches make). Chromium is Debian's (CHROMIUM_PATH, or the headless shell, or
 * /usr/bin/chromium).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { arg, machine, requireBuild, startServer, stopServer } from "./server";

const VIEWS = Number(arg("views") ?? 10);
const PORT = Number(arg("port") ?? 4330);
const PHONE = process.argv.includes("--phone");
/** How long a view lasts after its load event: long enough for hydration and the prefetches it starts. */
const SETTLE_MS = 2000;
const PAGES: Record<string, string> = { home: "/", explore: "/explore", quiz: "/quiz/solar-system-basics", join: "/join" };
const ONLY = arg("pages")?.split(",") ?? Object.keys(PAGES);
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ?? "/usr/bin/chromium";

/** CPU seconds the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

requireBuild();
const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-views-"));
const server = await startServer(PORT, { QUIZDECK_DATA_DIR: dir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
const viewport = PHONE ? { width: 390, height: 844 } : { width: 1440, height: 900 };
console.log(`bench:page-views — ${machine()}`);
console.log(`${VIEWS} views per page, ${PHONE ? "phone 390×844" : "desktop 1440×900"}, ${CHROMIUM}\n`);
console.log("page      server CPU ms/view   requests/view   RSC requests/view");
try {
  // One view of each page first, so that the server's first renders (code loaded, caches filled) count nowhere.
  for (const name of ONLY) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}${PAGES[name]}`);
    await page.waitForTimeout(SETTLE_MS);
    await context.close();
  }
  // Then a quiet moment: work the server starts on its own after it opens is not a page view's.
  await new Promise((r) => setTimeout(r, 5000));
  // The pages take turns, so whatever else the machine does falls on all of them alike.
  const totals = Object.fromEntries(ONLY.map((name) => [name, { cpu: 0, requests: 0, rsc: 0 }]));
  for (let i = 0; i < VIEWS; i++) {
    for (const name of ONLY) {
      const total = totals[name]!;
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.on("request", (r) => {
        total.requests++;
        if (new URL(r.url()).searchParams.has("_rsc")) total.rsc++;
      });
      const before = cpuSeconds(server.pid!);
      await page.goto(`http://127.0.0.1:${PORT}${PAGES[name]}`);
      await page.waitForTimeout(SETTLE_MS);
      total.cpu += cpuSeconds(server.pid!) - before;
      await context.close();
    }
  }
  for (const name of ONLY) {
    const { cpu, requests, rsc } = totals[name]!;
    console.log(`${name.padEnd(10)}${((cpu * 1000) / VIEWS).toFixed(0).padStart(18)}${(requests / VIEWS).toFixed(1).padStart(16)}${(rsc / VIEWS).toFixed(1).padStart(20)}`);
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
