/**
 * What `npm run admin` prints for each command's outcome (src/server/admin-cli.ts). The outcome
 * arrives as JSON (from the running server's admin channel, or made the same way when the command
 * ran on the database itself), so dates are ISO strings.
 */

type UserLine = { email: string; handle: string; role: string; disabledAt: string | null; createdAt: string };

export type PrintedOutcome =
  | { command: "list-users"; users: UserLine[] }
  | { command: "promote" | "demote" | "disable" | "enable"; user: UserLine; changed: boolean }
  | { command: "reset-password"; user: UserLine; link: string; expiresAt: string };

const pad = (cells: string[][]) => {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!))).join("  ")).join("\n");
};

const DONE: Record<"promote" | "demote" | "disable" | "enable", [string, string]> = {
  promote: ["is now an admin", "was already an admin"],
  demote: ["is now a member", "was already a member"],
  disable: ["is disabled: its sessions ended, its API tokens stop working and sign-in is refused", "was already disabled (any session it had is ended)"],
  enable: ["is enabled: it can sign in again", "was not disabled"],
};

export function formatOutcome(outcome: PrintedOutcome): string {
  switch (outcome.command) {
    case "list-users": {
      if (outcome.users.length === 0) return "no accounts";
      const rows = outcome.users.map((u) => [u.email, `@${u.handle}`, u.role, u.disabledAt ? "disabled" : "active", u.createdAt.slice(0, 10)]);
      return `${pad([["EMAIL", "HANDLE", "ROLE", "STATUS", "CREATED"], ...rows])}\n${outcome.users.length} account(s)`;
    }
    case "reset-password":
      return [
        `One-time password-reset link for ${outcome.user.email} (@${outcome.user.handle}), valid until ${outcome.expiresAt} and for one use:`,
        outcome.link,
        "Hand it to its owner privately: whoever opens it can choose the account's password.",
      ].join("\n");
    default: {
      const [done, already] = DONE[outcome.command];
      return `${outcome.user.email} (@${outcome.user.handle}) ${outcome.changed ? done : already}`;
    }
  }
}
