import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// The catalogues' ICU messages are compiled at build time (next-intl's precompiled messages): every
// import of src/i18n/messages/*.json in a bundle gets icu-minify's compact form, and next-intl
// formats it without an ICU parser, in the browser and on the server. Code that fills messages
// outside next-intl reads them through src/i18n/templates.ts.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./src/i18n/request.ts",
  experimental: { messages: { path: "./src/i18n/messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // A second build directory lets two checkouts of one tree build and test side by side.
  distDir: process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next",
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled
  // (only its worker thread, src/db/pglite-worker.mjs, imports it, and no bundle must try); pg
  // has optional native bindings that the bundler must not try to resolve; sql.js (the .apkg
  // export) reads its .wasm from its own folder. pino, prom-client and ioredis load as they are, so
  // route handlers and the custom server share one copy of each.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sql.js", "pino", "prom-client", "ioredis"],
  poweredByHeader: false,
  // QUIZDECK_SOURCE_MAPS=1 next build: browser source maps, to see which modules fill a page's
  // chunks (scripts/check-bundles.mjs --modules).
  productionBrowserSourceMaps: process.env.QUIZDECK_SOURCE_MAPS === "1",
  // The custom server compresses (brotli or gzip, src/server/compression.ts): Next's gzip flushes
  // after every streamed chunk, which leaves HTML 1.3–1.7× larger than it needs to be.
  compress: false,
  // Render metadata in <head> before the body for every client, not streamed into the body later:
  // link unfurlers all see the tags, and a slow first render cannot leave the streamed metadata
  // mismatched at hydration (seen as React error 418 on a cold server).
  htmlLimitedBots: /.*/,
  // forbidden() and unauthorized() with their own 403 and 401 screens (src/app/forbidden.tsx, unauthorized.tsx).
  // Import files may be 5 MB (base64 for a spreadsheet adds a third); actions take them whole.
  experimental: {
    authInterrupts: true,
    serverActions: { bodySizeLimit: "8mb" },
    // Turbopack keeps a build cache in .next/cache (on by default since Next 16.4) that makes a
    // second build of the same checkout quicker. CI builds a fresh clone once, where writing the
    // cache only costs time (17–41 s on a 2-core machine, docs/benchmarks.md): off there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  reactStrictMode: true,
  // Type-check is its own step of `npm test` (and Next 16's build no longer lints); repeating it in
  // every build costs minutes on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
