/**
 * The security headers every response carries (set by the custom server, src/server/main.ts).
 *
 * - Scripts: only Next's own, each inline one carrying this response's nonce ('strict-dynamic'
 *   lets them load the build's chunks); nothing injected into a page can run.
 * - Styles: 'unsafe-inline', because server-rendered `style` attributes (the share card, progress
 *   bars) and next-themes' transition guard cannot carry a nonce; a style cannot run code.
 * - Images: question images may come from any host; QR codes and the share card are data: and
 *   blob: URLs. Audio: question clips may come from any host too.
 * - Connections: this site only, including the live games' WebSocket on the same host.
 * - Framing: nobody (clickjacking on sign-in, token creation, the editor, /admin).
 * - HSTS only when the public URL is https: a classroom server on plain http must stay reachable.
 */
export type SecurityHeaderInput = {
  nonce: string;
  /** The Host the request came to, for the WebSocket's ws:/wss: source. */
  host: string | undefined;
  /** QUIZDECK_PUBLIC_URL is https. */
  https: boolean;
  /** Development mode: React's dev build needs eval. */
  dev: boolean;
};

const SAFE_HOST = /^[a-z0-9.\-[\]:]+$/i;

export function contentSecurityPolicy({ nonce, host, dev }: SecurityHeaderInput): string {
  const sockets = host && SAFE_HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src * data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    // Question audio clips, like pictures, load from their authors' own hosts (docs/rules.md §5).
    "media-src * blob: mediastream:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(input: SecurityHeaderInput): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(input),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // The QR scanner on the home page uses this site's camera; nothing else is needed.
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
    ...(input.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
