import { z } from "./zod";

/**
 * Administrators (docs/rules.md §6, "Administrators"): who is one, what keeps an instance from
 * losing its last one, the admin command's arguments and the audit log's vocabulary. The page's
 * actions, the `npm run admin` command and Better Auth's hooks all ask these rules.
 */

export type UserRole = "member" | "admin";
export const USER_ROLES = ["member", "admin"] as const;

/** QUIZDECK_ADMIN_EMAILS as a set: addresses are compared trimmed and lower-cased. */
export function adminEmailSet(list: readonly string[]): ReadonlySet<string> {
  return new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean));
}

/** The role a new account gets: admin when its address is listed in QUIZDECK_ADMIN_EMAILS. */
export function roleForNewAccount(email: string, adminEmails: ReadonlySet<string>): UserRole {
  return adminEmails.has(email.trim().toLowerCase()) ? "admin" : "member";
}

/**
 * Whether a sign-in makes an existing account an admin: its address is listed and it is not one
 * yet. (Demote a listed address only after taking it off the list, or it comes back.)
 */
export function promotedAtSignIn(user: { email: string; role: UserRole }, adminEmails: ReadonlySet<string>): boolean {
  return user.role !== "admin" && roleForNewAccount(user.email, adminEmails) === "admin";
}

/** An account's standing: a disabled one cannot sign in, and its sessions and tokens do nothing. */
export type UserStatus = "active" | "disabled";
export const statusOf = (user: { disabledAt: Date | null }): UserStatus => (user.disabledAt ? "disabled" : "active");

/** What an administrator does to an account. */
export type UserChange = "promote" | "demote" | "disable" | "enable";

export type ChangeTarget = { role: UserRole; disabledAt: Date | null };

/**
 * The last-admin rule: a change may not leave the instance without an active (not disabled)
 * admin. Demoting or disabling an active admin is refused when they are the only one, whoever
 * asks (that admin themselves, another admin whose own account would not count, or the command
 * line). `activeAdmins` counts the active admins before the change, the target included.
 */
export function leavesNoAdmin(change: UserChange, target: ChangeTarget, activeAdmins: number): boolean {
  const targetCounts = target.role === "admin" && target.disabledAt === null;
  if (!targetCounts) return false;
  if (change !== "demote" && change !== "disable") return false;
  return activeAdmins <= 1;
}

/** The state an account is in after a change. */
export function applyChange(change: UserChange, target: ChangeTarget, now: Date): ChangeTarget {
  switch (change) {
    case "promote":
      return { ...target, role: "admin" };
    case "demote":
      return { ...target, role: "member" };
    case "disable":
      return { ...target, disabledAt: target.disabledAt ?? now };
    case "enable":
      return { ...target, disabledAt: null };
  }
}

/** What the audit log records (one row per admin action, on the page or at the command line). */
export const AUDIT_ACTIONS = ["promote", "demote", "disable", "enable", "reset-password", "hide-quiz", "restore-quiz", "dismiss-report"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Where an action came from: an admin on the page, or the `npm run admin` command (actor "cli"). */
export type AuditVia = "web" | "cli";

/** One entry of the audit log as /admin shows it (stored by src/db/queries/admin-users.ts). */
export type AuditEntry = {
  id: string;
  action: string;
  via: AuditVia;
  createdAt: Date;
  /** The admin, while their account exists; null for the command line or a deleted account. */
  actor: { handle: string; name: string } | null;
  target: { handle: string; email: string } | null;
  subjectId: string | null;
};
/** Rows per page of the audit log on /admin. */
export const AUDIT_PAGE_SIZE = 20;

/** The audit log's page number from the query string: 1 unless a whole number from 1 up is given. */
export function auditPageNumber(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

const id = z.string().min(1).max(100);
/** The page's enable/disable button. */
export const userStatusInput = z.object({ userId: id, disabled: z.boolean() });

/** The `npm run admin` commands; every one but list-users names an account by its email. */
export const ADMIN_COMMANDS = ["list-users", "promote", "demote", "reset-password", "disable", "enable"] as const;
export type AdminCommandName = (typeof ADMIN_COMMANDS)[number];

export const adminCommandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("list-users"), query: z.string().trim().max(100).optional() }),
  z.object({ command: z.enum(["promote", "demote", "reset-password", "disable", "enable"]), email: z.string().trim().toLowerCase().pipe(z.email().max(254)) }),
]);
export type AdminCommand = z.infer<typeof adminCommandSchema>;

export const ADMIN_USAGE = [
  "usage: npm run admin -- <command>",
  "  list-users [search]       accounts (newest first), with role and status",
  "  promote <email>           make the account an admin",
  "  demote <email>            make the admin a member",
  "  reset-password <email>    print a one-time link that sets a new password (1 hour)",
  "  disable <email>           refuse sign-in; end its sessions; its API tokens stop working",
  "  enable <email>            let a disabled account sign in again",
].join("\n");

/** The command line's arguments as a command, or why they are not one. */
export function parseAdminArgs(args: readonly string[]): { ok: true; command: AdminCommand } | { ok: false; message: string } {
  const [name, ...rest] = args;
  if (!name || name === "help" || name === "--help" || name === "-h") return { ok: false, message: ADMIN_USAGE };
  if (!(ADMIN_COMMANDS as readonly string[]).includes(name)) return { ok: false, message: `unknown command "${name}"\n${ADMIN_USAGE}` };
  if (name === "list-users") {
    if (rest.length > 1) return { ok: false, message: `list-users takes at most one search term\n${ADMIN_USAGE}` };
    const parsed = adminCommandSchema.safeParse({ command: name, query: rest[0] });
    return parsed.success ? { ok: true, command: parsed.data } : { ok: false, message: "the search term is longer than 100 characters" };
  }
  if (rest.length !== 1) return { ok: false, message: `${name} takes one email address\n${ADMIN_USAGE}` };
  const parsed = adminCommandSchema.safeParse({ command: name, email: rest[0] });
  return parsed.success ? { ok: true, command: parsed.data } : { ok: false, message: `"${rest[0]}" is not an email address` };
}
