import "server-only";
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { rateKey } from "@/core/http/client-address";
import { env } from "@/env";
import { CLIENT_PROTO_HEADER } from "./request-scheme";

/**
 * Who is on the other end of a request or a live socket, by one rule for both (the HTTP server in
 * src/server/main.ts and Socket.IO in src/server/live/socket.ts): the socket's peer, unless
 * QUIZDECK_TRUST_PROXY trusts that peer, and then what X-Forwarded-For says, walked back only
 * through trusted proxies (proxy-addr). The same trust decides whether X-Forwarded-Host and
 * X-Forwarded-Proto are believed.
 */

let compiled: ((addr: string, i: number) => boolean) | undefined;
function trust(): (addr: string, i: number) => boolean {
  if (compiled) return compiled;
  const setting = env().QUIZDECK_TRUST_PROXY;
  if (setting === false) compiled = () => false;
  else if (typeof setting === "number") compiled = (_addr, i) => i < setting;
  else compiled = proxyaddr.compile(setting);
  return compiled;
}

/** The client's address: the peer, or the first untrusted address of X-Forwarded-For behind trusted proxies. */
export function clientAddress(req: IncomingMessage): string {
  if (!req.socket?.remoteAddress) return "unknown";
  return proxyaddr(req, trust());
}

/** The key rate limits count this client under (IPv6 by its /64). */
export function clientKey(req: IncomingMessage): string {
  return rateKey(clientAddress(req));
}

/** Whether the peer itself is a trusted proxy, so its X-Forwarded-Host/-Proto may be believed. */
export function fromTrustedProxy(req: IncomingMessage): boolean {
  const peer = req.socket?.remoteAddress;
  return Boolean(peer) && trust()(peer!, 0);
}

/**
 * The scheme the browser used: this server speaks plain HTTP, so "https" comes only from a
 * trusted proxy's X-Forwarded-Proto (its first value: the hop nearest the browser).
 */
export function schemeOf(req: IncomingMessage): "http" | "https" {
  const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]?.trim().toLowerCase();
  return fromTrustedProxy(req) && forwardedProto === "https" ? "https" : "http";
}

/**
 * Headers the server writes on every request before Next sees it (a client's own values are
 * overwritten, never read): the client's address, whether X-Forwarded-Host/-Proto may be
 * believed, and the Host as it came in.
 */
export const CLIENT_IP_HEADER = "x-quizdeck-client-ip";
export const TRUSTED_PROXY_HEADER = "x-quizdeck-trusted-proxy";
export const HOST_HEADER = "x-quizdeck-host";
/**
 * A server action that redirects makes Next request the new page from this server itself
 * (at HOSTNAME:PORT, from loopback), passing the original request's headers on. This random
 * value, known only to this process, marks those headers as stamped here, so the new page sees
 * the original client, Host and proxy trust rather than 0.0.0.0 asking itself.
 */
const STAMP_HEADER = "x-quizdeck-stamp";
const STAMP = randomBytes(24).toString("base64url");

export function stampRequest(req: IncomingMessage): void {
  if (req.headers[STAMP_HEADER] === STAMP) return;
  req.headers[STAMP_HEADER] = STAMP;
  req.headers[CLIENT_IP_HEADER] = clientAddress(req);
  req.headers[HOST_HEADER] = req.headers.host ?? "";
  const trusted = fromTrustedProxy(req);
  req.headers[TRUSTED_PROXY_HEADER] = trusted ? "1" : "0";
  req.headers[CLIENT_PROTO_HEADER] = schemeOf(req);
  // The scheme is asked of CLIENT_PROTO_HEADER only (request-scheme.ts). Next must not see a
  // proxy's "https": it builds the address it fetches itself at (a server action's redirect,
  // rendered into the action's response) from X-Forwarded-Proto and next()'s hostname and port,
  // and this port speaks plain HTTP.
  delete req.headers["x-forwarded-proto"];
  if (!trusted) {
    // Next fills these from the connection when they are missing; a client's own are not to be believed.
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-for"];
    delete req.headers["x-forwarded-port"];
  }
}

/** In a route handler or page: the key rate limits count this request's client under. */
export function clientKeyOf(headers: Headers): string {
  return rateKey(headers.get(CLIENT_IP_HEADER));
}
