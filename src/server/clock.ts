import "server-only";
import { cookies } from "next/headers";
import { env } from "@/env";

/** The cookie an end-to-end test sets to move the server's clock forward, in milliseconds. */
export const TEST_CLOCK_COOKIE = "qd_test_clock_offset";

const moved = (offset: string | undefined) => {
  const ms = Number(offset ?? 0);
  return new Date(Date.now() + (Number.isFinite(ms) ? ms : 0));
};

/**
 * "Now" for study mode and for reset links: the server's clock, moved by the test cookie only
 * when the server runs with QUIZDECK_TEST_CLOCK (end-to-end tests), so a test can come back
 * "tomorrow", or after a link has expired.
 */
export async function studyNow(): Promise<Date> {
  if (!env().QUIZDECK_TEST_CLOCK) return new Date();
  return moved((await cookies()).get(TEST_CLOCK_COOKIE)?.value);
}

/** The same "now" for a route handler that has the request's cookies at hand. */
export function requestNow(readCookie: (name: string) => string | undefined): Date {
  if (!env().QUIZDECK_TEST_CLOCK) return new Date();
  return moved(readCookie(TEST_CLOCK_COOKIE));
}
