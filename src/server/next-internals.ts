import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The two places where the custom server (main.ts) reaches past Next's public API, each because
 * Next 16 has no public way to do it (checked again on 16.4.6 with Turbopack, 2026-11-27: the
 * action handler still reads only __NEXT_PRIVATE_ORIGIN, and no public API lists the routes).
 * Check both when upgrading Next.
 */

/**
 * Where Next fetches itself to render a server action's redirect in the same response. `next start`
 * sets this; without it Next builds that address from X-Forwarded-Proto, and behind a TLS proxy it
 * then speaks https to this plain-HTTP port, fails, logs an error and leaves the redirect to the
 * browser (one more round trip). Next 16.4 reads only this variable (server/app-render/
 * action-handler.js, marked "TODO: Remove __NEXT_PRIVATE_ORIGIN"); neither `next()`'s options nor
 * next.config offers the address.
 */
export function setNextSelfOrigin(hostname: string, port: number): void {
  const host = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname;
  process.env.__NEXT_PRIVATE_ORIGIN ??= `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * The app's route patterns ("/quiz/[slug]", …) for the request metric's label
 * (src/core/http/route-pattern.ts), from the build's app-path-routes-manifest.json. Next has no public API
 * that lists an app's routes at run time (the build adapters' route list is alpha and build-time
 * only). Empty when there is no build yet (`npm run dev` before its first build).
 */
export function builtAppRoutes(distDir: string): string[] {
  try {
    const file = path.join(distDir, "app-path-routes-manifest.json");
    return Object.values(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>);
  } catch {
    return [];
  }
}
