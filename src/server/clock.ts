import "server-only";
import { cookies } from "next/headers";
import { env } from "@/env";

/** The cookie an end-to-end test sets to move study mode's clock forward, in milliseconds. */
export const TEST_CLOCK_COOKIE = "qd_test_clock_offset";

/**
 * Study mode's "now": the server's clock, moved by the test cookie only when the server runs
 * with QUIZDECK_TEST_CLOCK (end-to-end tests), so a test can come back "tomorrow".
 */
export async function studyNow(): Promise<Date> {
  if (!env().QUIZDECK_TEST_CLOCK) return new Date();
  const offset = Number((await cookies()).get(TEST_CLOCK_COOKIE)?.value ?? 0);
  return new Date(Date.now() + (Number.isFinite(offset) ? offset : 0));
}
