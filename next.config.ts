import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

type WebpackConfig = { resolve: { alias: Record<string, string | false | string[]> }; plugins: unknown[]; module: { rules: unknown[] } };

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
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "8mb" } },
  reactStrictMode: true,
  webpack: (config: WebpackConfig, { webpack }: { webpack: { NormalModuleReplacementPlugin: new (match: RegExp, replace: (resource: { request: string; context: string }) => void) => unknown } }) => {
    // Client components' `import { useTranslations } from "next-intl"` gets src/i18n/client-intl.ts,
    // in the browser and in server rendering: the same API without next-intl's ICU parser (~15 kB
    // gz on every page that translates on the client). "next-intl/server" and the plugin's
    // "next-intl/config" are untouched.
    config.resolve.alias["next-intl$"] = path.resolve("src/i18n/client-intl.ts");
    // lucide-react's icon component is a client component, which put lucide's code on every page
    // even where only server components draw icons: ours is the same without "use client"
    // (src/components/ui/lucide-icon.ts).
    const lucideIcon = path.resolve("src/components/ui/lucide-icon.ts");
    config.plugins.push(
      new webpack.NormalModuleReplacementPlugin(/^\.\/Icon\.mjs$/, (resource: { request: string; context: string }) => {
        if (/[\\/]lucide-react[\\/]dist[\\/]esm$/.test(resource.context)) resource.request = lucideIcon;
      }),
    );
    return config;
  },
  // Type-check is its own step of `npm test` (and Next 16's build no longer lints); repeating it in
  // every build costs minutes on a 2-core machine.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
