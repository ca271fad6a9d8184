#!/usr/bin/env node
/**
 * `npm run check:bundles`, after `next build`: fails when a page's client JavaScript carries code
 * that belongs on the server, or grows past its budget.
 *
 * For each page it adds up what the browser loads for it: the root layout's and error boundaries'
 * chunks, the layouts on its path and the page's own (Next's app-build-manifest.json), gzipped at
 * level 9, and looks inside for markers of modules that must stay out:
 *  - obscenity (the nickname profanity matcher and its word list, ~17 kB gz): on no page;
 *  - zod (~27 kB gz): on none of the pages players and visitors open (forms for members may use it);
 *  - sql.js (SQLite for Anki decks): on no page.
 * Both reach a page through one careless import, e.g. a client component taking a constant from a
 * module that also builds a schema or a matcher at load (see src/core/nickname-limits.ts).
 *
 *   node scripts/check-bundles.mjs [--list]   (--list prints every page's size and markers)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next";
const manifestFile = path.join(dist, "app-build-manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`next build\` first.`);
  process.exit(1);
}
const pages = JSON.parse(readFileSync(manifestFile, "utf8")).pages;

const MARKERS = {
  // A message of obscenity's pattern parser and a pattern of its English word list.
  obscenity: ["Unexpected trailing backslash.", "|ab[b]o[s]|"],
  // zod 4 names each schema class with a string that minifying keeps.
  zod: ['"$ZodType"'],
  // sql.js (SQLite in WebAssembly, ~0.6 MB of JS and wasm) reads and writes Anki decks on the server.
  "sql.js": ["sql-wasm.wasm", "Statement closed"],
};
const PUBLIC_PAGES = ["/page", "/explore/page", "/quiz/[slug]/page", "/join/page", "/join/[pin]/page", "/game/[pin]/page", "/play/[attemptId]/page", "/results/[attemptId]/page", "/u/[handle]/page"];
const FORBIDDEN = { obscenity: () => true, zod: (page) => PUBLIC_PAGES.includes(page), "sql.js": () => true };
/**
 * Budgets in kB of gzipped JS (the page's whole load; React and Next's runtime alone are ~103 kB):
 * what the pages weighed on 2026-11-23 plus ~3 kB, so a regression fails here. The aims are lower
 * (docs/benchmarks.md): 115 kB for /join and /join/[pin], 130 kB for /game and /play; lower these
 * as the pages get there.
 */
const BUDGETS = {
  "/page": 118,
  "/join/page": 121,
  "/join/[pin]/page": 121,
  "/quiz/[slug]/page": 145,
  "/game/[pin]/page": 160,
  // 142.2 kB after the shared answer inputs, one-tap radio groups and the server re-read (+~4 kB).
  "/play/[attemptId]/page": 144,
};

const gzCache = new Map();
const fileInfo = (file) => {
  if (!gzCache.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    const text = bytes.toString("utf8");
    const found = Object.keys(MARKERS).filter((name) => MARKERS[name].some((m) => text.includes(m)));
    gzCache.set(file, { gz: gzipSync(bytes, { level: 9 }).length, found });
  }
  return gzCache.get(file);
};

/** "/quiz/[slug]/page" → the root layout and boundaries, "/quiz/layout", "/quiz/[slug]/layout", the page. */
function entriesOf(page) {
  const segments = page.split("/").slice(1, -1);
  const entries = ["/layout", "/error", "/global-error", "/not-found"];
  for (let i = 1; i <= segments.length; i++) entries.push(`/${segments.slice(0, i).join("/")}/layout`);
  entries.push(page);
  return entries.filter((e) => pages[e]);
}

const list = process.argv.includes("--list");
const failures = [];
for (const page of Object.keys(pages).filter((p) => p.endsWith("/page"))) {
  const files = [...new Set(entriesOf(page).flatMap((e) => pages[e]))].filter((f) => f.endsWith(".js"));
  let gz = 0;
  const found = new Map();
  for (const file of files) {
    const info = fileInfo(file);
    gz += info.gz;
    for (const name of info.found) found.set(name, [...(found.get(name) ?? []), path.basename(file)]);
  }
  const kB = gz / 1000;
  if (list) console.log(`${page.padEnd(32)} ${kB.toFixed(1).padStart(6)} kB gz  ${[...found.keys()].join(", ")}`);
  for (const [name, chunks] of found) {
    if (FORBIDDEN[name](page)) failures.push(`${page}: ships ${name} (${chunks.join(", ")}); a client component imports a server-only module`);
  }
  if (BUDGETS[page] !== undefined && kB > BUDGETS[page]) failures.push(`${page}: ${kB.toFixed(1)} kB of JS gzipped, over its budget of ${BUDGETS[page]} kB`);
}
if (failures.length > 0) {
  console.error(`check:bundles failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(`check:bundles: client bundles clean${list ? "" : " (--list for sizes)"}`);
