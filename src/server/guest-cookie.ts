import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The guest cookie's codec: a random id and a nickname, signed with HMAC so it cannot be forged
 * or edited. No request or session code here, so Better Auth's set-up (src/server/auth.ts) can
 * read a guest without importing who the viewer is.
 */
export const GUEST_COOKIE = "qd_guest";

export type Guest = { id: string; nickname: string | null };

const sign = (payload: string, key: string) => createHmac("sha256", key).update(payload).digest("base64url");

export function encodeGuest(guest: Guest, key: string): string {
  const payload = Buffer.from(JSON.stringify({ id: guest.id, n: guest.nickname })).toString("base64url");
  return `${payload}.${sign(payload, key)}`;
}

export function decodeGuest(value: string | undefined, key: string): Guest | null {
  if (!value) return null;
  const [payload, mac] = value.split(".");
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { id?: unknown; n?: unknown };
    if (typeof data.id !== "string" || !/^[0-9a-f-]{36}$/.test(data.id)) return null;
    return { id: data.id, nickname: typeof data.n === "string" ? data.n : null };
  } catch {
    return null;
  }
}
