import "server-only";
import { randomBytes } from "node:crypto";
import { cookies, headers } from "next/headers";
import { addBrowserToken } from "@/core/classes/rules";
import { CLASS_COOKIE, hashStudentToken, parseStudentTokens } from "./class-token";
import { secureCookies } from "./request-scheme";

export { CLASS_COOKIE, hashStudentToken };

/**
 * The class-student tokens this browser holds (docs/rules.md §13): one random token per class
 * joined without an account, in one httpOnly cookie; the database keeps only their hashes, so a
 * token moved to another browser by a recovery code stops working here.
 */
const ONE_YEAR = 60 * 60 * 24 * 365;

export async function readStudentTokens(): Promise<string[]> {
  return parseStudentTokens((await cookies()).get(CLASS_COOKIE)?.value);
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
