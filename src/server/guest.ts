import "server-only";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { cookies, headers } from "next/headers";
import { env } from "@/env";
import type { PlayerIdentity } from "@/core/play/attempt";
import { appSecret } from "./secret";
import { getViewer } from "./viewer";

/**
 * A guest's identity: a random id and their nickname in an httpOnly cookie, signed with HMAC so
 * it cannot be forged or edited. Attempts belong to the id; the nickname is remembered.
 */
export const GUEST_COOKIE = "qd_guest";
const ONE_YEAR = 60 * 60 * 24 * 365;

export type Guest = { id: string; nickname: string | null };

const secret = appSecret;

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

export async function readGuest(): Promise<Guest | null> {
  return decodeGuest((await cookies()).get(GUEST_COOKIE)?.value, await secret());
}

/** The guest of this browser, made now if it has none; the nickname given is remembered. */
export async function ensureGuest(nickname?: string): Promise<Guest> {
  const current = await readGuest();
  const guest: Guest = { id: current?.id ?? randomUUID(), nickname: nickname ?? current?.nickname ?? null };
  if (!current || current.nickname !== guest.nickname) {
    const secure = (await headers()).get("x-forwarded-proto") === "https" || env().QUIZDECK_PUBLIC_URL?.startsWith("https:");
    (await cookies()).set(GUEST_COOKIE, encodeGuest(guest, await secret()), {
      httpOnly: true,
      sameSite: "lax",
      secure: Boolean(secure),
      path: "/",
      maxAge: ONE_YEAR,
    });
  }
  return guest;
}

/** Who is playing in this request: the signed-in member, else the guest cookie, else nobody yet. */
export async function currentPlayer(): Promise<PlayerIdentity | null> {
  const viewer = await getViewer();
  if (viewer) return { userId: viewer.id, guestId: null };
  const guest = await readGuest();
  return guest ? { userId: null, guestId: guest.id } : null;
}
