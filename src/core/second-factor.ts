/**
 * Rules of the second sign-in step and of the /me security section (docs/security.md): what a
 * typed code is, what a passkey may be called, and how a session's device is described.
 * Pure; the light module a client form imports (no zod).
 */

export const PASSKEY_NAME_MAX = 50;
export const BACKUP_CODE_COUNT = 10;

/** A code as typed: spaces ignored. `totp` is 6 digits; anything else of 6–20 letters and digits may be a backup code. */
export function readSecondFactorCode(typed: string): { kind: "totp" | "backup"; code: string } | null {
  const compact = typed.replace(/[\s]/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  // Better Auth's backup codes are 10 characters shown as "abcde-12345": the dash is part of them,
  // so one typed without it (or with a space for it) gets it back.
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return { kind: "backup", code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  if (/^[A-Za-z0-9-]{6,24}$/.test(compact)) return { kind: "backup", code: compact };
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
