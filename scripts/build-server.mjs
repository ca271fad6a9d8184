#!/usr/bin/env node
/**
 * Bundles the custom server (src/server/main.ts and everything of src/ it imports) into one
 * ES module, dist/server/main.mjs, so production runs it with plain `node` instead of compiling
 * TypeScript through tsx at every start. Its worker threads are bundled beside it: the import
 * worker (dist/server/import-worker.mjs, with the parsers of src/core/import), the FSRS
 * optimizer's (dist/server/fsrs-worker.mjs) and PGlite's (dist/server/pglite-worker.mjs, from
 * src/db); the bundled main.mjs starts those (src/worker-files.ts), so the server needs neither
 * src/*.ts nor tsx at run time.
 * Packages stay external (node_modules is needed anyway for Next). Used by the Dockerfile and by
 * scripts/check-image.sh.
 */
import { build } from "esbuild";

const entries = {
  main: "src/server/main.ts",
  "import-worker": "src/server/import-worker-loop.ts",
  "fsrs-worker": "src/server/fsrs-worker.mjs",
  "pglite-worker": "src/db/pglite-worker.mjs",
  // `npm run admin` in the image: node dist/server/admin.mjs <command>
  admin: "src/server/admin-cli.ts",
};

await build({
  entryPoints: Object.entries(entries).map(([out, file]) => ({ in: file, out })),
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  plugins: [
    {
      // `import "server-only"` marks modules Next must keep off the client; this bundle is server
      // code, and an external import of it would run (and throw) before main.ts installs its hook.
      name: "server-only",
      setup(b) {
        b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
        b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
      },
    },
  ],
});
console.log(`dist/server/{${Object.keys(entries).join(",")}}.mjs built`);
