import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies, headers } from "next/headers";
import { addBrowserToken, BROWSER_CLASSES_MAX } from "@/core/classes/rules";
import { secureCookies } from "./request-scheme";

/**
 * The class-student tokens this browser holds (docs/rules.md §13): one random token per class
 * joined without an account, in one httpOnly cookie; the database keeps only their hashes, so a
 * token moved to another browser by a recovery code stops working here.
 */
export const CLASS_COOKIE = "qd_class";
const ONE_YEAR = 60 * 60 * 24 * 365;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const hashStudentToken = (token: string) => createHash("sha256").update(`class-student:${token}`).digest("hex");

export async function readStudentTokens(): Promise<string[]> {
  const raw = (await cookies()).get(CLASS_COOKIE)?.value ?? "";
  return raw
    .split(".")
    .filter((t) => TOKEN.test(t))
    .slice(-BROWSER_CLASSES_MAX);
}

/** The hashes of this browser's tokens, as the roster stores them. */
export async function studentTokenHashes(): Promise<string[]> {
  return (await readStudentTokens()).map(hashStudentToken);
}

/** A new token and its hash, which the roster keeps. */
export function newStudentToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, hash: hashStudentToken(token) };
}

/** Adds a token to this browser's cookie, once the roster holds its hash. */
export async function keepStudentToken(token: string): Promise<void> {
  const tokens = addBrowserToken(await readStudentTokens(), token);
  (await cookies()).set(CLASS_COOKIE, tokens.join("."), {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(await headers()),
    path: "/",
    maxAge: ONE_YEAR,
  });
}
