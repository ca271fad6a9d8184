import "server-only";
import { pickOrigin } from "@/core/http/origin";
import { env } from "@/env";
import { HOST_HEADER, TRUSTED_PROXY_HEADER } from "./client-address";
import { requestScheme } from "./request-scheme";

// Without next/headers, so that modules the custom server bundles (account mail, through auth)
// can build links from a request they are handed.

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
      // "https" only when a trusted proxy said so (the custom server consumed its X-Forwarded-Proto).
      forwardedProto: requestScheme(h),
      fromTrustedProxy: h.get(TRUSTED_PROXY_HEADER) === "1",
    },
  );
}
