import "server-only";
import type { AdminCommand } from "@/core/admin";
import { RESET_PASSWORD_TTL_SECONDS } from "@/core/mail";
import type { Db } from "@/db";
import { searchUsers } from "@/db/queries/admin";
import { changeUser, createResetToken, type Actor, type AdminUser } from "@/db/queries/admin-users";
import { AppError } from "./errors";
import { originFromHeaders } from "./request-origin";

/**
 * The administrators' commands (docs/rules.md §6), one implementation for the page's actions and
 * for `npm run admin` (src/server/admin-cli.ts), whether that runs them on the database itself or
 * through the running server's admin channel (src/server/admin-channel.ts). Without next/headers,
 * so the command line and the custom server can run it.
 */

export type CommandOutcome =
  | { command: "list-users"; users: AdminUser[] }
  | { command: "promote" | "demote" | "disable" | "enable"; user: AdminUser; changed: boolean }
  | { command: "reset-password"; user: AdminUser; link: string; expiresAt: Date };

const NO_ACCOUNT = "There is no account with that email address.";
const LAST_ADMIN = "This is the last active admin. Make another account an admin first.";

/**
 * The link a reset token is handed over in: by the public-origin rule with no request to go by,
 * so QUIZDECK_PUBLIC_URL, else the first of QUIZDECK_ALLOWED_HOSTS, else http://localhost:PORT.
 */
export function resetLink(token: string): string {
  return `${originFromHeaders(new Headers())}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Runs one command as `actor`; throws AppError `not_found` or `last_admin`. */
export async function runAdminCommand(db: Db, command: AdminCommand, actor: Actor): Promise<CommandOutcome> {
  switch (command.command) {
    case "list-users": {
      const rows = await searchUsers(db, command.query, 500);
      return { command: "list-users", users: rows };
    }
    case "reset-password": {
      const made = await createResetToken(db, command.email, RESET_PASSWORD_TTL_SECONDS, actor);
      if (!made) throw new AppError("not_found", NO_ACCOUNT);
      return { command: "reset-password", user: made.user, link: resetLink(made.token), expiresAt: made.expiresAt };
    }
    default: {
      const result = await changeUser(db, { email: command.email }, command.command, actor);
      if (!result.ok) throw result.error === "last_admin" ? new AppError("last_admin", LAST_ADMIN) : new AppError("not_found", NO_ACCOUNT);
      return { command: command.command, user: result.user, changed: result.changed };
    }
  }
}

/** A change made on /admin, by account id. */
export async function changeUserFromPage(db: Db, userId: string, change: "promote" | "demote" | "disable" | "enable", adminId: string): Promise<AdminUser> {
  const result = await changeUser(db, { id: userId }, change, { via: "web", userId: adminId });
  if (!result.ok) throw result.error === "last_admin" ? new AppError("last_admin", LAST_ADMIN) : new AppError("not_found", "There is no such account.");
  return result.user;
}
