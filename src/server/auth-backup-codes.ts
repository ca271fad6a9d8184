import "server-only";
import { randomInt } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { BACKUP_CODE_COUNT, backupCodeKey, comparableBackupCodes, makeBackupCodes } from "@/core/second-factor";

/**
 * Backup codes that compare without case (src/core/second-factor.ts), through the twoFactor
 * plugin's public options and hooks. Better Auth compares a typed backup code with the stored
 * ones exactly, and its own codes mix cases ("aB3dE-9xY7z"), so a code typed in capitals, or read
 * aloud from paper, failed.
 *
 * - New codes are made in one case, from an alphabet without look-alikes (customBackupCodesGenerate).
 * - The stored list is encrypted as before (Better Auth's public symmetricEncrypt with the
 *   secret, which is what storeBackupCodes: "encrypted" does while no `secrets` rotation is set),
 *   and read back with every code lowercased: codes made before keep working, typed in any case.
 * - The typed code is lowercased (and gets its dash) before the plugin sees it: the before hook
 *   of POST /two-factor/verify-backup-code (backupCodeBody).
 */

export const VERIFY_BACKUP_CODE_PATH = "/two-factor/verify-backup-code";

export function backupCodeOptions(secret: string) {
  return {
    amount: BACKUP_CODE_COUNT,
    customBackupCodesGenerate: () => makeBackupCodes(BACKUP_CODE_COUNT, (n) => randomInt(n)),
    storeBackupCodes: {
      encrypt: (json: string) => symmetricEncrypt({ key: secret, data: json }),
      decrypt: async (data: string) => comparableBackupCodes(await symmetricDecrypt({ key: secret, data })),
    },
  };
}

/** The hook's change to a verify-backup-code request: its code as it is compared; none when there is no code. */
export function backupCodeBody(body: unknown): { context: { body: Record<string, unknown> } } | undefined {
  if (!body || typeof body !== "object") return undefined;
  const code = (body as { code?: unknown }).code;
  if (typeof code !== "string") return undefined;
  return { context: { body: { ...(body as Record<string, unknown>), code: backupCodeKey(code) } } };
}
