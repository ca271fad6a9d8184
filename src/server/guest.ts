import "server-only";
import { randomUUID } from "node:crypto";
import { cookies, headers } from "next/headers";
import { secureCookies } from "./request-scheme";
import { appSecret } from "./secret";
import { decodeGuest, encodeGuest, GUEST_COOKIE, type Guest } from "./guest-cookie";

/**
 * This browser's guest: attempts belong to the id in the signed cookie (src/server/guest-cookie.ts);
 * the nickname is remembered.
 */
const ONE_YEAR = 60 * 60 * 24 * 365;

const secret = appSecret;

export async function readGuest(): Promise<Guest | null> {
  return decodeGuest((await cookies()).get(GUEST_COOKIE)?.value, await secret());
}

/** The guest of this browser, made now if it has none; the nickname given is remembered. */
export async function ensureGuest(nickname?: string): Promise<Guest> {
  const current = await readGuest();
  const guest: Guest = { id: current?.id ?? randomUUID(), nickname: nickname ?? current?.nickname ?? null };
  if (!current || current.nickname !== guest.nickname) {
    (await cookies()).set(GUEST_COOKIE, encodeGuest(guest, await secret()), {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(await headers()),
      path: "/",
      maxAge: ONE_YEAR,
    });
  }
  return guest;
}
