#!/usr/bin/env node
/**
 * `npm run check:bundles`, after `next build`: fails when a page's client JavaScript carries code
 * that belongs on the server, or grows past its budget.
 *
 * For each page it adds up what the browser loads for it: the root layout's and error boundaries'
 * chunks, the layouts on its path and the page's own (from the build's client reference manifests,
 * see `pages` below), gzipped at level 9, and looks inside for markers of modules that must stay out:
 *  - obscenity (the nickname profanity matcher and its word list, ~17 kB gz): on no page;
 *  - zod (~27 kB gz, ~90 with its locales): on none of the pages players and visitors open, nor on
 *    the study pages, /me and the challenge form, whose forms load their rules when used (other
 *    forms for members may still carry it);
 *  - sql.js (SQLite for Anki decks): on no page;
 *  - katex (the math typesetter, ~75 kB gz): on no page. The server typesets formulas into HTML
 *    (src/server/rich-text.ts); a page with math links only KaTeX's style sheet and fonts.
 * Both reach a page through one careless import, e.g. a client component taking a constant from a
 * module that also builds a schema or a matcher at load (see src/core/nickname-limits.ts).
 *
 *   node scripts/check-bundles.mjs [--list]   (--list prints every page's size and markers)
 *   node scripts/check-bundles.mjs --modules "/game/[pin]/page" …
 *       after `QUIZDECK_SOURCE_MAPS=1 next build`: each page's gzipped bytes by module (from the
 *       source maps; shared by proportion of a chunk's raw bytes, so close, not exact)
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next";
const routesFile = path.join(dist, "app-path-routes-manifest.json");
if (!existsSync(routesFile)) {
  console.error(`No ${routesFile}: run \`next build\` first.`);
  process.exit(1);
}
const rootMainFiles = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")).rootMainFiles ?? [];
/** Every chunk a page can load: Next's runtime and, from the page's client reference manifest, the
 * chunks of every client component of its tree (the root layout and boundaries, its layouts, the
 * page) and, with Turbopack, its entries' own chunks. Next 16 has no per-page list of files any more
 * (app-build-manifest.json is gone); a shared client component's chunks are listed with it, and the
 * browser loads them wherever it renders. */
const pages = {};
function distPath(file) {
  return decodeURIComponent(file.replace(/^\/?_next\//, ""));
}
for (const page of Object.keys(JSON.parse(readFileSync(routesFile, "utf8")))) {
  if (!page.endsWith("/page")) continue;
  const file = path.join(dist, "server", "app", `${page}_client-reference-manifest.js`);
  if (!existsSync(file)) continue;
  const scope = { self: {} };
  new Function("globalThis", "self", readFileSync(file, "utf8"))(scope, scope.self);
  const manifest = scope.__RSC_MANIFEST[page];
  // Turbopack names a chunk "/_next/static/…" in clientModules and "static/…" in entryJSFiles: one
  // file, counted once.
  const files = new Set(rootMainFiles.map(distPath));
  for (const mod of Object.values(manifest.clientModules)) for (const c of mod.chunks) if (typeof c === "string" && c.endsWith(".js")) files.add(distPath(c));
  for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const c of list) if (c.endsWith(".js")) files.add(distPath(c));
  pages[page] = [...files];
}

const MARKERS = {
  // A message of obscenity's pattern parser and a pattern of its English word list.
  obscenity: ["Unexpected trailing backslash.", "|ab[b]o[s]|"],
  // zod 4 names each schema class with a string that minifying keeps.
  zod: ['"$ZodType"'],
  // sql.js (SQLite in WebAssembly, ~0.6 MB of JS and wasm) reads and writes Anki decks on the server.
  "sql.js": ["sql-wasm.wasm", "Statement closed"],
  // Messages of KaTeX's parser and builder, which minifying keeps.
  katex: ["KaTeX parse error", "Got group of unknown type"],
};
const PUBLIC_PAGES = [
  "/page",
  "/explore/page",
  "/quiz/[slug]/page",
  "/join/page",
  "/join/[pin]/page",
  "/game/[pin]/page",
  "/play/[attemptId]/page",
  "/results/[attemptId]/page",
  "/challenge/[code]/page",
  "/u/[handle]/page",
  // The auth form loads its rules (zod) when it is used, not with the page.
  "/sign-in/page",
  "/sign-up/page",
];
// Members' pages whose forms load their rules (zod) when used (the editor's address checks once it
// is on screen); the study pages have no rules in the browser at all (a guest's scheduler is
// ts-fsrs, loaded after the first card).
const ZOD_FREE_MEMBER_PAGES = ["/study/page", "/study/[slug]/page", "/me/page", "/quiz/[slug]/challenge/page", "/create/page", "/quiz/[slug]/edit/page"];
const FORBIDDEN = {
  obscenity: () => true,
  zod: (page) => PUBLIC_PAGES.includes(page) || ZOD_FREE_MEMBER_PAGES.includes(page),
  "sql.js": () => true,
  katex: () => true,
};
/**
 * Budgets in kB of gzipped JS (the page's whole load). Until 2026-11-27 (Next 15.5, webpack) React
 * and Next's runtime alone were ~103 kB; /join, /join/[pin], /game and /play were at their aims
 * (docs/benchmarks.md: 115 and 130 kB) and the others at what they weighed plus ~2 kB. Next 16.4
 * with Turbopack (2026-11-27): the runtime every page loads is 132.4 kB (React DOM 19.3 and the App
 * Router's segment cache, prefetching and navigation), and no option of Next 16 takes it back.
 * Each budget below is the page as measured on that build, rounded up by less than 1 kB; the line
 * beside it says what it was. /challenge/[code] is a page players open on their phones.
 */
const BUDGETS = {
  "/page": 145, // was 114: 144.7 measured with Next 16's runtime (112.8 on Next 15.5)
  "/explore/page": 150, // was 122: 149.3 measured with Next 16's runtime (120.5 on Next 15.5)
  // /challenge starts attempts with the quiz page's start form (they share a chunk).
  "/quiz/[slug]/page": 162, // was 135: 161.6 measured with Next 16's runtime (134.7 on Next 15.5)
  "/results/[attemptId]/page": 159, // was 131: 158.5 measured with Next 16's runtime (130.5 on Next 15.5)
  "/challenge/[code]/page": 153, // was 126: 152.5 measured with Next 16's runtime (124.5 on Next 15.5)
  "/u/[handle]/page": 145, // was 114: 144.3 measured with Next 16's runtime (112.9 on Next 15.5)
  // The two-factor code step and "Sign in with a passkey" are on the page (its WebAuthn helper
  // loads on the press); the code step could load after the password step to win back ~1 kB.
  "/sign-in/page": 155, // was 127: 154.6 measured with Next 16's runtime (126.9 on Next 15.5)
  "/sign-up/page": 155, // was 127: 154.6 measured with Next 16's runtime (126.9 on Next 15.5)
  "/join/page": 146, // was 115 (the aim): 145.1 measured with Next 16's runtime (114.0 on Next 15.5)
  "/join/[pin]/page": 146, // was 115 (the aim): 145.1 measured with Next 16's runtime (114.1 on Next 15.5)
  // What loads after the first screen on the phone (feedback panel, order/number/open inputs, read
  // aloud, team badge, roster picker, word-cloud input) stays out of these (docs/benchmarks.md).
  "/play/[attemptId]/page": 159, // was 131.4 (aim 130): 158.6 measured with Next 16's runtime (131.2 on Next 15.5)
  "/game/[pin]/page": 161, // was 132 (aim 130): 160.1 measured with Next 16's runtime (131.9 on Next 15.5)
  // The members' pages that shipped zod: their forms load their rules when used, the editor its
  // address checks once on screen, and a guest's scheduler loads after the first card (no zod on
  // them: FORBIDDEN above). Measured with Next 16's runtime (2026-11-27), Next 15.5 before the
  // zod work in brackets: /study/[slug] 160.0 (237.1; what the browser loads there is ~7 kB less:
  // Next's manifest also lists /study's own page chunk), /study 151.8 (215.6), /me 158.7 (221.7),
  // /quiz/[slug]/challenge 152.9 (230.7), /create 171.0 (235.2), /quiz/[slug]/edit 171.0 (250.9).
  "/study/page": 152.5,
  "/study/[slug]/page": 161,
  "/me/page": 159.5,
  "/quiz/[slug]/challenge/page": 153.5,
  "/create/page": 172,
  "/quiz/[slug]/edit/page": 172,
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

const modulesAt = process.argv.indexOf("--modules");
if (modulesAt >= 0) {
  printModules(process.argv.slice(modulesAt + 1));
  process.exit(0);
}

const list = process.argv.includes("--list");
const failures = [];
for (const page of Object.keys(pages).filter((p) => p.endsWith("/page"))) {
  const files = pages[page];
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

function printModules(wanted) {
  const { SourceMapConsumer } = createRequire(import.meta.url)("source-map-js");
  const norm = (s) => s.replace(/^webpack:\/\/_N_E\//, "").replace(/^\.\//, "");
  // Packages as one line, except Next and lucide, whose parts are worth telling apart.
  const group = (s) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/.exec(s);
    if (!m) return s;
    return m[1] === "next" ? `next/${m[2].split("/").slice(0, 4).join("/")}` : m[1];
  };
  for (const page of wanted) {
    if (!pages[page]) {
      console.error(`${page}: not a page of this build`);
      continue;
    }
    const files = pages[page];
    const totals = new Map();
    let total = 0;
    for (const file of files) {
      const code = readFileSync(path.join(dist, file), "utf8");
      const gz = gzipSync(code, { level: 9 }).length;
      total += gz;
      const mapFile = path.join(dist, `${file}.map`);
      if (!existsSync(mapFile)) {
        totals.set(`(no source map) ${file}`, gz);
        continue;
      }
      const smc = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
      const lineStart = [0];
      for (let i = 0; i < code.length; i++) if (code[i] === "\n") lineStart.push(i + 1);
      const segments = [];
      smc.eachMapping((m) => segments.push([lineStart[m.generatedLine - 1] + m.generatedColumn, m.source ? norm(m.source) : "(webpack)"]));
      segments.sort((a, b) => a[0] - b[0]);
      segments.forEach(([at, source], i) => {
        const bytes = (i + 1 < segments.length ? segments[i + 1][0] : code.length) - at;
        totals.set(group(source), (totals.get(group(source)) ?? 0) + (bytes / code.length) * gz);
      });
    }
    console.log(`\n${page}: ${(total / 1000).toFixed(1)} kB gz in ${files.length} files`);
    for (const [name, gz] of [...totals].sort((a, b) => b[1] - a[1]).filter(([, gz]) => gz >= 50)) console.log(`${(gz / 1000).toFixed(2).padStart(7)}  ${name}`);
  }
}
