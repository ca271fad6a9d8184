/**
 * Whether a password-reset link still works at `now`: its token exists (it is deleted when used)
 * and has not expired. Better Auth applies the same rule; the reset page asks it first so that an
 * expired link says so before anyone types a password.
 */
export function resetLinkUsable(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() > now.getTime();
}
