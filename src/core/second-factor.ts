/**
 * Rules of the second sign-in step and of the /me security section (docs/security.md): what a
 * typed code is, what a passkey may be called, and how a session's device is described.
 * Pure; the light module a client form imports (no zod).
 */

export const PASSKEY_NAME_MAX = 50;
export const BACKUP_CODE_COUNT = 10;

/**
 * Backup codes: ten characters shown as "abcde-23456", from an alphabet of one case without the
 * look-alikes 0/o, 1/l/i (31 characters: about 49.5 bits a code, against ten tries before the
 * account locks). A code compares without case: codes made before this rule (Better Auth's, in
 * mixed case) work however they are typed too.
 */
export const BACKUP_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const BACKUP_CODE_LENGTH = 10;

/** `count` new backup codes; `randomBelow(n)` gives a uniform integer in [0, n) (the server's CSPRNG). */
export function makeBackupCodes(count: number, randomBelow: (n: number) => number): string[] {
  return Array.from({ length: count }, () => {
    let code = "";
    for (let i = 0; i < BACKUP_CODE_LENGTH; i++) code += BACKUP_CODE_ALPHABET[randomBelow(BACKUP_CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A backup code as it is compared: the typed one and the stored ones alike. */
export function backupCodeKey(code: string): string {
  const compact = code.replace(/\s/g, "");
  const dashed = /^[A-Za-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
  return dashed.toLowerCase();
}

/** The stored list (JSON of codes) with every code as it is compared; anything else as it was. */
export function comparableBackupCodes(json: string): string {
  let codes: unknown;
  try {
    codes = JSON.parse(json);
  } catch {
    return json;
  }
  if (!Array.isArray(codes) || !codes.every((c) => typeof c === "string")) return json;
  return JSON.stringify(codes.map(backupCodeKey));
}

/** A code as typed: spaces ignored. `totp` is 6 digits; anything else of 6–20 letters and digits may be a backup code. */
export function readSecondFactorCode(typed: string): { kind: "totp" | "backup"; code: string } | null {
  const compact = typed.replace(/[\s]/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  // A backup code as it is compared (backupCodeKey): one typed without its dash, or with a space
  // for it, gets it back.
  if (/^[A-Za-z0-9-]{6,24}$/.test(compact)) return { kind: "backup", code: backupCodeKey(compact) };
  return null;
}

/** A passkey's name as the member typed it: trimmed, 1–50 characters without control characters; null when unusable. */
export function passkeyName(typed: string): string | null {
  const name = typed.trim().replace(/\s+/g, " ");
  if (!name || name.length > PASSKEY_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

export type Device = { browser: string | null; os: string | null };

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/[\d.]+/, "Edge"],
  [/\bOPR\/[\d.]+/, "Opera"],
  [/\bSamsungBrowser\/[\d.]+/, "Samsung Internet"],
  [/\bFirefox\/[\d.]+|\bFxiOS\/[\d.]+/, "Firefox"],
  [/\bCriOS\/[\d.]+|(?:\b|Headless)Chrom(?:e|ium)\/[\d.]+/, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPod\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and system named by a User-Agent header, as far as a person would recognise them; nulls when unknown. */
export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}

export type SessionRow = { id: string; device: Device; lastSeen: string; createdAt: string; current: boolean };

/** The account's sessions as /me lists them: this device first, then the most recently seen. */
export function orderSessions<T extends { id: string; updatedAt: Date; createdAt: Date; userAgent?: string | null }>(
  sessions: readonly T[],
  currentId: string | null,
): SessionRow[] {
  return [...sessions]
    .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId) || b.updatedAt.getTime() - a.updatedAt.getTime())
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      lastSeen: s.updatedAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
      current: s.id === currentId,
    }));
}

/** A passkey as /me lists it. */
export type PasskeySummary = { id: string; name: string | null; createdAt: string | null; deviceType: string };
