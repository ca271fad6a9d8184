import "server-only";
import { networkInterfaces } from "node:os";
import { headers } from "next/headers";
import { lanOrigins, pickOrigin } from "@/core/http/origin";
import { env } from "@/env";
import { HOST_HEADER, TRUSTED_PROXY_HEADER } from "./client-address";

/**
 * The origin links, QR codes, share URLs and Open Graph URLs point at, for the request being
 * answered (the rule: pickOrigin in src/core/http/origin.ts). src/server/main.ts has already decided
 * whether the peer is a trusted proxy and removed X-Forwarded-* headers that are not to be believed.
 */
export function originFromHeaders(h: Headers): string {
  const e = env();
  return pickOrigin(
    { publicUrl: e.QUIZDECK_PUBLIC_URL, allowedHosts: e.QUIZDECK_ALLOWED_HOSTS, port: e.PORT },
    {
      host: h.get(HOST_HEADER) || h.get("host"),
      forwardedHost: h.get("x-forwarded-host"),
      forwardedProto: h.get("x-forwarded-proto"),
      fromTrustedProxy: h.get(TRUSTED_PROXY_HEADER) === "1",
    },
  );
}

/** The origin for links in this request's page (see originFromHeaders). */
export async function publicUrl(): Promise<string> {
  return originFromHeaders(await headers());
}

/** Whether links are fixed by QUIZDECK_PUBLIC_URL (then the lobby does not second-guess them). */
export const publicUrlConfigured = () => Boolean(env().QUIZDECK_PUBLIC_URL);

/** This machine's addresses on its networks that this server answers on, as origins (for the lobby). */
export function lanUrls(): string[] {
  return lanOrigins(networkInterfaces(), env().PORT, env().HOSTNAME);
}
