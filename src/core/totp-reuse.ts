/**
 * When a TOTP code is a reuse (docs/security.md, "Second factors and sessions"). Pure.
 *
 * Better Auth's twoFactor plugin checks a code against the step of "now" and `TOTP_WINDOW_STEPS`
 * steps either side (@better-auth/utils' verifyTOTP, window 1, period 30 s), and does not remember
 * the codes it accepted. So a code accepted once would be accepted again while "now" stays within
 * its window. We remember every accepted code per account: accepted at `t`, a code of step `s` has
 * step(t) ≥ s − window, so it stops being accepted at the end of step s + window, which is at most
 * (2·window + 1) periods after `t`. Remembering it that long refuses every later use of it.
 */

/** Better Auth's TOTP period (twoFactor's `totpOptions.period`, passed explicitly in src/server/auth.ts). */
export const TOTP_PERIOD_SECONDS = 30;
/** How many steps before and after "now" Better Auth accepts (not an option: @better-auth/utils' default). */
export const TOTP_WINDOW_STEPS = 1;
/** How long an accepted code is remembered: the longest it can still be accepted after a first use. */
export const TOTP_MEMORY_SECONDS = TOTP_PERIOD_SECONDS * (2 * TOTP_WINDOW_STEPS + 1);

/** A code accepted for an account, remembered until `keptUntil` (exclusive). */
export type UsedCode = { code: string; keptUntil: Date };

/**
 * The code as Better Auth would compare it (exactly, digit by digit), when it could be accepted at
 * all: 6 digits. Anything else is left to Better Auth, which refuses it.
 */
export function totpCodeOf(typed: unknown): string | null {
  return typeof typed === "string" && /^\d{6}$/.test(typed) ? typed : null;
}

/** Until when a code accepted at `acceptedAt` is remembered. */
export function usedCodeKeptUntil(acceptedAt: Date, memorySeconds = TOTP_MEMORY_SECONDS): Date {
  return new Date(acceptedAt.getTime() + memorySeconds * 1000);
}

/** Whether a remembered code still counts at `now` (an expired one may be forgotten). */
export const usedCodeLive = (used: UsedCode, now: Date): boolean => now.getTime() < used.keptUntil.getTime();

/** A code presented at `now` is a reuse when the account has it among its live remembered codes. */
export function isTotpReuse(remembered: readonly UsedCode[], code: string, now: Date): boolean {
  return remembered.some((used) => used.code === code && usedCodeLive(used, now));
}

/** Whether Better Auth accepts a code of step `codeStep` at `now` (its rule, for the tests of ours). */
export function totpAccepts(codeStep: number, now: Date, period = TOTP_PERIOD_SECONDS, window = TOTP_WINDOW_STEPS): boolean {
  const current = Math.floor(now.getTime() / (period * 1000));
  return Math.abs(codeStep - current) <= window;
}
