#!/usr/bin/env node
/**
 * Lays out the container image's application files in one directory: what the Dockerfile's
 * runtime stage copies (`COPY --from=build /image ./`), and what scripts/check-image.sh starts the
 * bundled server from. After `next build` and scripts/build-server.mjs:
 *
 *   - package.json, and next.config.ts compiled to next.config.mjs: Next reads its config at
 *     start, and a .ts config would make it load (or try to install) the TypeScript compiler;
 *   - the Next build (.next, or QUIZDECK_NEXT_DIST_DIR) without its build cache;
 *   - dist/server: the server and its worker threads, bundled (no TypeScript at run time);
 *   - data read at run time: the SQL migrations and the demo quizzes (JSON);
 *   - public/: static files (KaTeX's style sheet and fonts, copied by scripts/copy-katex.mjs);
 *   - node_modules: the packages the production dependencies need, walked through the lockfile,
 *     without tsx (only the server run from source needs it) and without optional peers that
 *     happen to be installed (npm's own `prune --omit=dev` keeps vitest, drizzle-kit and through
 *     it tsx, because better-auth names them as optional peers).
 *
 * No TypeScript (no src/*.ts, no .ts config, neither tsx nor typescript): the check starts the
 * server from this directory to prove it.
 *
 *   node scripts/image-files.mjs OUT_DIR [--link]
 *
 * --link hard-links the packages' files instead of copying them where it can (the check: fast, no
 * half a gigabyte copied). Everything else is copied: a file written in place there (Next at
 * start, say) must never write through a link into the repository.
 */
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";

/** Run-time dependencies the image does without: the server and its workers are bundled. */
const SOURCE_ONLY = new Set(["tsx"]);
/** Parts of the Next build not needed to serve it (its cache, its trace, types for the type-check). */
const NEXT_SKIP = new Set(["cache", "trace", "types"]);
const DATA = ["src/db/migrations", "src/db/seed/quizzes"];
/** Static files Next serves (public/katex: KaTeX's style sheet and fonts, copied at build). */
const PUBLIC = "public";

const [out, ...flags] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/image-files.mjs OUT_DIR [--link]");
  process.exit(2);
}
const link = flags.includes("--link");
const nextDir = process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next";
for (const need of [path.join(nextDir, "BUILD_ID"), "dist/server/main.mjs", "dist/server/import-worker.mjs", "dist/server/fsrs-worker.mjs", "dist/server/pglite-worker.mjs"]) {
  if (!existsSync(need)) {
    console.error(`${need} is missing: run \`npm run build\` and \`node scripts/build-server.mjs\` first`);
    process.exit(1);
  }
}

function put(from, to, linked = false) {
  const st = lstatSync(from);
  if (st.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) put(path.join(from, name), path.join(to, name), linked);
  } else if (st.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
  } else if (linked) {
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to); // another file system
    }
  } else copyFileSync(from, to);
}

/** Top-level packages (node_modules/NAME) the production dependencies reach, in the lockfile. */
function runtimePackages() {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  const seen = new Set();
  // Node's lookup: node_modules/NAME beside the dependent, then in each folder above it.
  const find = (from, name) => {
    for (let dir = from; ; ) {
      const key = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (lock[key]) return key;
      if (!dir) return null;
      const i = dir.lastIndexOf("/node_modules/");
      dir = i < 0 ? "" : dir.slice(0, i);
    }
  };
  const walk = (from, names) => {
    for (const name of names) {
      const key = find(from, name);
      // Optional packages for other platforms are in the lockfile but not installed.
      if (!key || seen.has(key) || !existsSync(key)) continue;
      seen.add(key);
      const e = lock[key];
      const peers = Object.keys(e.peerDependencies ?? {}).filter((n) => !e.peerDependenciesMeta?.[n]?.optional);
      walk(key, [...Object.keys(e.dependencies ?? {}), ...Object.keys(e.optionalDependencies ?? {}), ...peers]);
    }
  };
  walk("", Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter((n) => !SOURCE_ONLY.has(n)));
  // Nested ones (node_modules/a/node_modules/b) come with their top-level package's folder.
  return [...seen].filter((k) => !k.slice("node_modules/".length).includes("/node_modules/")).map((k) => k.slice("node_modules/".length));
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
put("package.json", path.join(out, "package.json"));
writeFileSync(path.join(out, "next.config.mjs"), transformSync(readFileSync("next.config.ts", "utf8"), { loader: "ts", format: "esm", target: "node20" }).code);
mkdirSync(path.join(out, ".next"));
for (const name of readdirSync(nextDir)) if (!NEXT_SKIP.has(name)) put(path.join(nextDir, name), path.join(out, ".next", name));
put("dist/server", path.join(out, "dist/server"));
for (const d of DATA) put(d, path.join(out, d));
if (existsSync(PUBLIC)) put(PUBLIC, path.join(out, PUBLIC));
const packages = runtimePackages();
for (const name of packages) put(path.join("node_modules", name), path.join(out, "node_modules", name), link);
const leaked = packages.filter((n) => SOURCE_ONLY.has(n));
if (leaked.length > 0) {
  console.error(`the image's packages include ${leaked.join(", ")}`);
  process.exit(1);
}
console.log(`${out}: the image's files (${packages.length} packages)`);
