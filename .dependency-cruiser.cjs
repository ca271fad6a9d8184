// The layers of src/ and the imports each may make (docs/architecture.md). `npm run lint` runs it
// through scripts/depcruise.mjs; scripts/depcruise.test.ts shows each rule rejecting a fixture.
//
// Type-only imports count (tsPreCompilationDeps): a type still ties one module to another.
// Tests (and test helpers) may import anything, so they are left out of every `from`.
const fs = require("node:fs");
const path = require("node:path");

const TESTS = ["\\.test\\.tsx?$", "\\.test-helpers\\.ts$", "(^|/)test-utils\\.ts$", "\\.fixture\\.m?[jt]s$", "^src/test/"];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
// Packages src/core may not import: the framework, storage, auth, sockets, logging and metrics.
const FRAMEWORK =
  "(next|react|react-dom|next-intl|next-themes|server-only|drizzle-orm|pg|@electric-sql/[^/]+|ioredis|better-auth|socket\\.io|socket\\.io-client|pino|prom-client)";
const isTest = (file) => TESTS.some((pattern) => new RegExp(pattern).test(file));

/** The directive a module opens with ("use client" / "use server"), if any. */
function directive(text) {
  const match = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use (client|server)["']/.exec(text);
  return match ? match[1] : null;
}

/** Where an import specifier written in `from` points, as a path relative to root, or null. */
function resolve(files, from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /\b(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;

/**
 * The modules that end up in the browser: every "use client" module and what it imports, however
 * indirectly, except through a "use server" module (Next hands the client a reference to its
 * actions, not the module). Tests are left out. Found with a light scan of the sources, because
 * dependency-cruiser does not read directives.
 */
function clientModules(root) {
  const src = path.join(root, "src");
  const texts = new Map();
  if (fs.existsSync(src)) {
    for (const entry of fs.readdirSync(src, { recursive: true })) {
      const file = `src/${String(entry).split(path.sep).join("/")}`;
      if (SOURCE.test(file) && !isTest(file)) texts.set(file, fs.readFileSync(path.join(root, file), "utf8"));
    }
  }
  const files = new Set(texts.keys());
  const client = new Set([...texts].filter(([, text]) => directive(text) === "client").map(([file]) => file));
  const queue = [...client];
  while (queue.length > 0) {
    const file = queue.pop();
    for (const match of texts.get(file).matchAll(IMPORT)) {
      const target = resolve(files, file, match[1] ?? match[2] ?? match[3]);
      // The walk stops at src/server and src/db: an import of them is the violation itself.
      if (target && !client.has(target) && !/^src\/(server|db)\//.test(target) && directive(texts.get(target)) !== "server") {
        client.add(target);
        queue.push(target);
      }
    }
  }
  return [...client].sort();
}

const exactly = (files) => files.map((file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The rule set for the sources under `root` (the repository, or a test's fixture folder). */
function configFor(root) {
  const client = clientModules(root);
  return {
    forbidden: [
      {
        name: "client-imports-no-server",
        comment:
          'Client side ("use client" modules and what they import) never imports src/server or src/db, not even a type: ' +
          'types come from src/core or the component. Only "use server" action modules may be imported (Next hands the client a reference).',
        severity: "error",
        from: { path: client.length > 0 ? exactly(client) : "^$" },
        to: {
          path: "^src/(server|db)/",
          pathNot: "^src/server/actions/",
        },
      },
      {
        name: "core-imports-only-core",
        comment: "src/core holds the rules: pure, so it imports only src/core (and plain npm packages).",
        severity: "error",
        from: { path: "^src/core/", pathNot: TESTS },
        to: { path: "^src/", pathNot: "^src/core/" },
      },
      {
        name: "core-rules-no-http-policy",
        comment:
          "src/core/http holds HTTP and process policy (origins, cookies, headers, roles); the rules in core's feature folders do not depend on it.",
        severity: "error",
        from: { path: "^src/core/", pathNot: ["^src/core/http/", ...TESTS] },
        to: { path: "^src/core/http/" },
      },
      {
        name: "core-imports-no-framework",
        comment: "src/core is pure: no Next, React, database, auth, socket, logging, metrics or server-only package.",
        severity: "error",
        from: { path: "^src/core/", pathNot: TESTS },
        // Resolved into node_modules, or not resolved at all (a package that is not installed).
        to: { path: [`(^|/)node_modules/${FRAMEWORK}(/|$)`, `^${FRAMEWORK}(/|$)`] },
      },
      {
        name: "core-imports-no-node-builtins",
        comment: "src/core runs in browsers too: no Node built-in module.",
        severity: "error",
        from: { path: "^src/core/", pathNot: TESTS },
        to: { dependencyTypes: ["core"] },
      },
      {
        name: "app-reaches-data-through-server",
        comment:
          "Pages, layouts, route handlers and server components reach data through src/server services, never src/db directly.",
        severity: "error",
        from: { path: "^src/(app|components)/", pathNot: TESTS },
        to: { path: "^src/db/" },
      },
      {
        name: "db-imports-no-upper-layer",
        comment: "src/db only loads, locks and stores: it may use src/core's types and rules, never src/server, pages or components.",
        severity: "error",
        from: { path: "^src/db/", pathNot: TESTS },
        to: { path: "^src/(server|app|components|i18n)/" },
      },
      {
        name: "server-imports-no-ui",
        comment: "src/server wires requests to rules and storage; pages and components call it, never the other way round.",
        severity: "error",
        from: { path: "^src/server/", pathNot: TESTS },
        to: { path: "^src/(app|components)/" },
      },
      {
        name: "components-import-no-app",
        comment: "Components are what pages are made of; they never import a page, layout or route.",
        severity: "error",
        from: { path: "^src/components/", pathNot: TESTS },
        to: { path: "^src/app/" },
      },
      {
        name: "no-circular",
        comment: "No import cycles, type-only ones included: a cycle makes load order decide what a module sees.",
        severity: "error",
        from: {},
        to: { circular: true },
      },
    ],
    options: {
      doNotFollow: { path: "node_modules" },
      exclude: { path: "^src/db/migrations/" },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      enhancedResolveOptions: {
        exportsFields: ["exports"],
        conditionNames: ["import", "require", "node", "default", "types"],
        mainFields: ["module", "main", "types", "typings"],
      },
      skipAnalysisNotInRules: true,
      // Unchanged files are not parsed and resolved again (the cache holds each file's hash).
      cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
    },
  };
}

module.exports = configFor(__dirname);
// Not part of the configuration (so not enumerable): the fixture test builds the rules for its folder.
Object.defineProperty(module.exports, "configFor", { value: configFor, enumerable: false });
