import "server-only";
import { createHash } from "node:crypto";
import { BROWSER_CLASSES_MAX } from "@/core/classes/rules";

/**
 * The class-student tokens a browser's `qd_class` cookie holds (docs/rules.md §13), read from a
 * raw value: what the pages (class-cookie.ts) and the live games' sockets (which have only the
 * handshake's Cookie header) share. No Next imports, so the socket server can load it.
 */
export const CLASS_COOKIE = "qd_class";
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const hashStudentToken = (token: string) => createHash("sha256").update(`class-student:${token}`).digest("hex");

export function parseStudentTokens(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(".")
    .filter((t) => TOKEN.test(t))
    .slice(-BROWSER_CLASSES_MAX);
}

/** The hashes of the tokens in a Cookie header's `qd_class`, as the roster stores them. */
export function studentTokenHashesOfCookieHeader(header: string | undefined): string[] {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === CLASS_COOKIE) return parseStudentTokens(decodeURIComponent(part.slice(eq + 1).trim())).map(hashStudentToken);
  }
  return [];
}
