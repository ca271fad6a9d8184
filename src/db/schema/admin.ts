import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The audit log of admin actions (docs/rules.md §6): who (an admin, or the command line: `via`
 * "cli" and no actor), what, to whom or what, and when. Kept when an account is deleted, with the
 * account's id taken out (src/core/account-deletion.ts).
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    via: text("via", { enum: ["web", "cli"] }).notNull(),
    action: text("action").notNull(),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A quiz's or a report's id, for moderation actions. */
    subjectId: text("subject_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt)],
);
