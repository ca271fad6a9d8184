/**
 * The one place where the custom server (main.ts) reaches past Next's public API, because Next 16
 * has no public way to do it (checked again on 16.4.6 with Turbopack, 2026-11-27: the action
 * handler still reads only __NEXT_PRIVATE_ORIGIN). Check it when upgrading Next.
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

