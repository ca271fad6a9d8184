#!/usr/bin/env node
/**
 * Bundles the custom server (src/server/main.ts and everything of src/ it imports) into one
 * ES module, dist/server/main.mjs, so production runs it with plain `node` instead of compiling
 * TypeScript through tsx at every start. Packages stay external (node_modules is needed anyway
 * for Next). Used by the Dockerfile and by scripts/check-image.sh.
 */
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.mjs",
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
console.log("dist/server/main.mjs built");
