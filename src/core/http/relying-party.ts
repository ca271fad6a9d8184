/**
 * The WebAuthn relying party of a page: passkeys are bound to the host name of the origin the
 * public-origin rule gives (pickOrigin in ./origin.ts), and the browser's answer must come from
 * that very origin. Browsers only offer passkeys in a secure context (HTTPS, or a localhost name)
 * and never for a bare IP address (the WebAuthn RP ID is a domain), so a classroom laptop reached
 * at http://192.168.1.20:3000 or http://127.0.0.1:3000 cannot use them: the page says why.
 */
export type RelyingParty =
  | { ok: true; id: string; origin: string }
  | { ok: false; reason: "ip_address" | "not_secure"; origin: string };

const isIpAddress = (hostname: string) => hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
const isLocalhost = (hostname: string) => hostname === "localhost" || hostname.endsWith(".localhost");

export function relyingParty(origin: string): RelyingParty {
  const url = new URL(origin);
  const hostname = url.hostname;
  if (isIpAddress(hostname)) return { ok: false, reason: "ip_address", origin: url.origin };
  if (url.protocol !== "https:" && !isLocalhost(hostname)) return { ok: false, reason: "not_secure", origin: url.origin };
  return { ok: true, id: hostname, origin: url.origin };
}
