import { cookiesAreSecure } from "@/core/http/cookies";
import { env } from "@/env";

/**
 * The scheme the browser used for this request, "http" or "https". The custom server
 * (src/server/main.ts) sets this header on every request, overwriting whatever a client sent:
 * the server speaks plain HTTP, so "https" can only come from the X-Forwarded-Proto of a proxy it
 * trusts (QUIZDECK_TRUST_PROXY). This header is the one place the rest of the app asks.
 */
export const CLIENT_PROTO_HEADER = "x-quizdeck-client-proto";

export function requestScheme(headers: Headers): "http" | "https" {
  return headers.get(CLIENT_PROTO_HEADER) === "https" ? "https" : "http";
}

/** Whether the cookies set in answer to this request (session, guest) carry `Secure`. */
export function secureCookies(headers: Headers): boolean {
  return cookiesAreSecure({ publicUrl: env().QUIZDECK_PUBLIC_URL, requestScheme: requestScheme(headers) });
}
