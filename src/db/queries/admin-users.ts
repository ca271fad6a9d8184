import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { applyChange, leavesNoAdmin, type AuditAction, type AuditEntry, type AuditVia, type UserChange, type UserRole } from "@/core/admin";
import type { Db } from "../client";
import { adminAudit, sessions, users, verifications } from "../schema";

/** Who did it: an admin on the page, or the command line. */
export type Actor = { via: "web"; userId: string } | { via: "cli" };

/** An account as the admin tools name it. */
export type AdminUser = { id: string; email: string; handle: string; name: string; role: UserRole; disabledAt: Date | null; createdAt: Date };

export type ChangeResult = { ok: true; user: AdminUser; changed: boolean } | { ok: false; error: "not_found" | "last_admin" };

const userColumns = {
  id: users.id,
  email: users.email,
  handle: users.handle,
  name: users.name,
  role: users.role,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/** The account by id, or by email (any case). */
const whereUser = (who: { id: string } | { email: string }) => ("id" in who ? eq(users.id, who.id) : sql`lower(${users.email}) = ${who.email.trim().toLowerCase()}`);

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function audit(tx: Db | Tx, actor: Actor, action: AuditAction, target: { userId?: string | null; subjectId?: string | null }): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor.via === "web" ? actor.userId : null,
    via: actor.via satisfies AuditVia,
    action,
    targetUserId: target.userId ?? null,
    subjectId: target.subjectId ?? null,
  });
}

/**
 * Promotes, demotes, disables or enables an account, by the last-admin rule of src/core/admin.ts,
 * and records it in the audit log, in one transaction. The active admins' rows are locked first,
 * so two admins demoting or disabling each other at once cannot leave the instance with none.
 * Disabling deletes the account's sessions (they stop working at once); its API tokens are kept
 * but refused while it is disabled (src/server/viewer.ts), so enabling gives them back.
 */
export async function changeUser(db: Db, who: { id: string } | { email: string }, change: UserChange, actor: Actor): Promise<ChangeResult> {
  return db.transaction(async (tx): Promise<ChangeResult> => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
      .for("update");
    const [target] = await tx.select(userColumns).from(users).where(whereUser(who)).for("update");
    if (!target) return { ok: false, error: "not_found" };
    if (leavesNoAdmin(change, target, admins.length)) return { ok: false, error: "last_admin" };
    const next = applyChange(change, target, new Date());
    const changed = next.role !== target.role || (next.disabledAt === null) !== (target.disabledAt === null);
    if (changed) {
      await tx
        .update(users)
        .set({ role: next.role, disabledAt: next.disabledAt === null ? null : sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, target.id));
    }
    // Also when already disabled: a session made in a race with the first disable goes too.
    if (change === "disable") await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await audit(tx, actor, change, { userId: target.id });
    const [after] = await tx.select(userColumns).from(users).where(eq(users.id, target.id));
    return { ok: true, user: after!, changed };
  });
}

/**
 * A single-use password-reset token for the account, in Better Auth's own form (a `verifications`
 * row `reset-password:<token>` holding the user's id), so /reset-password and Better Auth's
 * reset-password endpoint take it as one a "Forgot password?" mail carries. Recorded in the audit
 * log. Null when there is no such account.
 */
export async function createResetToken(db: Db, email: string, ttlSeconds: number, actor: Actor): Promise<{ user: AdminUser; token: string; expiresAt: Date } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select(userColumns).from(users).where(whereUser({ email }));
    if (!user) return null;
    // Better Auth's tokens are 24 letters and digits; 32 characters of base64url are as good.
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    await tx.insert(verifications).values({ id: randomUUID(), identifier: `reset-password:${token}`, value: user.id, expiresAt });
    await audit(tx, actor, "reset-password", { userId: user.id });
    return { user, token, expiresAt };
  });
}

/** Records a moderation action (hide, restore, dismiss) in the audit log. */
export async function auditModeration(db: Db, actor: Actor, action: "hide-quiz" | "restore-quiz" | "dismiss-report", subjectId: string): Promise<void> {
  await audit(db, actor, action, { subjectId });
}

/** One page of the audit log, newest first, and how many entries there are in all. */
export async function listAudit(db: Db, page: number, pageSize: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: adminAudit.id,
        action: adminAudit.action,
        via: adminAudit.via,
        createdAt: adminAudit.createdAt,
        subjectId: adminAudit.subjectId,
        actorHandle: actor.handle,
        actorName: actor.name,
        targetHandle: target.handle,
        targetEmail: target.email,
      })
      .from(adminAudit)
      .leftJoin(actor, eq(actor.id, adminAudit.actorId))
      .leftJoin(target, eq(target.id, adminAudit.targetUserId))
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(adminAudit),
  ]);
  return {
    total: totalRow?.n ?? 0,
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      via: r.via,
      createdAt: r.createdAt,
      subjectId: r.subjectId,
      actor: r.actorHandle !== null && r.actorName !== null ? { handle: r.actorHandle, name: r.actorName } : null,
      target: r.targetHandle !== null && r.targetEmail !== null ? { handle: r.targetHandle, email: r.targetEmail } : null,
    })),
  };
}

/** Whether the account is disabled (false when there is none). */
export async function isUserDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.disabledAt);
}
