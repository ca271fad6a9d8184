import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "../client";
import { adminAudit, sessions, users, verifications } from "../schema";
import { testBackends } from "../test-databases";
import { auditModeration, changeUser, createResetToken, isUserDisabled, listAudit } from "./admin-users";
import { resetTokenExpiry } from "./verifications";
import { makeUser } from "./social.test-helpers";

/**
 * Administrators on both databases: role changes and disabling by the last-admin rule of
 * src/core/admin.ts, under concurrency; a disabled account's sessions end at once; reset links in
 * Better Auth's own form; the audit log, newest first and paged.
 */
describe.each(testBackends)("administrators on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  // Every test starts from no admin at all.
  beforeEach(async () => {
    await handle.db.update(users).set({ role: "member", disabledAt: null });
  });

  const cli = { via: "cli" } as const;
  const addSession = (userId: string) =>
    handle.db.insert(sessions).values({ id: randomUUID(), token: randomBytes(16).toString("hex"), userId, expiresAt: new Date(Date.now() + 3_600_000) });

  it("promotes and demotes, by id or by email in any case, and never demotes the last active admin", async () => {
    const db = handle.db;
    const only = await makeUser(db, { role: "admin" });
    const member = await makeUser(db);
    expect(await changeUser(db, { id: only.id }, "demote", cli)).toEqual({ ok: false, error: "last_admin" });
    const promoted = await changeUser(db, { email: `${member.handle.toUpperCase()}@EXAMPLE.test` }, "promote", { via: "web", userId: only.id });
    expect(promoted).toMatchObject({ ok: true, changed: true, user: { id: member.id, role: "admin" } });
    expect(await changeUser(db, { id: member.id }, "promote", cli)).toMatchObject({ ok: true, changed: false });
    expect(await changeUser(db, { id: only.id }, "demote", cli)).toMatchObject({ ok: true, changed: true, user: { role: "member" } });
    expect(await changeUser(db, { id: member.id }, "demote", cli)).toEqual({ ok: false, error: "last_admin" });
    expect(await changeUser(db, { id: "no-such-user" }, "promote", cli)).toEqual({ ok: false, error: "not_found" });
    expect(await changeUser(db, { email: "nobody@example.test" }, "disable", cli)).toEqual({ ok: false, error: "not_found" });
  });

  it("a disabled admin does not count: the last active admin can be neither disabled nor demoted", async () => {
    const db = handle.db;
    const a = await makeUser(db, { role: "admin" });
    const b = await makeUser(db, { role: "admin" });
    expect(await changeUser(db, { id: b.id }, "disable", { via: "web", userId: a.id })).toMatchObject({ ok: true, changed: true });
    // b is still an admin, but disabled: a is the only active one, even disabling themselves.
    expect(await changeUser(db, { id: a.id }, "disable", { via: "web", userId: a.id })).toEqual({ ok: false, error: "last_admin" });
    expect(await changeUser(db, { id: a.id }, "demote", { via: "web", userId: a.id })).toEqual({ ok: false, error: "last_admin" });
    // Demoting the disabled admin is fine; enabling them back gives two active admins again.
    expect(await changeUser(db, { id: b.id }, "enable", cli)).toMatchObject({ ok: true, user: { disabledAt: null } });
    expect(await changeUser(db, { id: a.id }, "disable", { via: "web", userId: a.id })).toMatchObject({ ok: true });
  });

  it("two admins disabling or demoting each other at once leave one active admin", async () => {
    const db = handle.db;
    const a = await makeUser(db, { role: "admin" });
    const b = await makeUser(db, { role: "admin" });
    const results = await Promise.all([
      changeUser(db, { id: a.id }, "disable", { via: "web", userId: b.id }),
      changeUser(db, { id: b.id }, "demote", { via: "web", userId: a.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "last_admin" }]);
    const rows = await db.select().from(users).where(eq(users.role, "admin"));
    expect(rows.filter((u) => u.disabledAt === null)).toHaveLength(1);
  });

  it("disabling ends the account's sessions at once; enabling lets it back in", async () => {
    const db = handle.db;
    await makeUser(db, { role: "admin" });
    const pupil = await makeUser(db);
    const bystander = await makeUser(db);
    await addSession(pupil.id);
    await addSession(pupil.id);
    await addSession(bystander.id);
    const res = await changeUser(db, { id: pupil.id }, "disable", cli);
    expect(res).toMatchObject({ ok: true, changed: true });
    expect(res.ok && res.user.disabledAt).toBeInstanceOf(Date);
    expect(await isUserDisabled(db, pupil.id)).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, pupil.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, bystander.id))).toHaveLength(1);
    // Disabling again changes nothing but still ends a session made meanwhile.
    await addSession(pupil.id);
    expect(await changeUser(db, { id: pupil.id }, "disable", cli)).toMatchObject({ ok: true, changed: false });
    expect(await db.select().from(sessions).where(eq(sessions.userId, pupil.id))).toEqual([]);
    expect(await changeUser(db, { id: pupil.id }, "enable", cli)).toMatchObject({ ok: true, changed: true, user: { disabledAt: null } });
    expect(await isUserDisabled(db, pupil.id)).toBe(false);
  });

  it("makes a single-use reset token in Better Auth's form, for an hour", async () => {
    const db = handle.db;
    const ana = await makeUser(db);
    const before = Date.now();
    const made = await createResetToken(db, `${ana.handle}@example.test`, 3600, cli);
    expect(made?.user.id).toBe(ana.id);
    expect(made!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${made!.token}`));
    expect(row?.value).toBe(ana.id);
    const expiry = (await resetTokenExpiry(db, made!.token))!.getTime();
    expect(expiry - before).toBeGreaterThanOrEqual(3600_000 - 5_000);
    expect(expiry - before).toBeLessThanOrEqual(3600_000 + 60_000);
    expect(await createResetToken(db, "nobody@example.test", 3600, cli)).toBeNull();
  });

  it("records every action with who, what, whom and when; lists it newest first, a page at a time", async () => {
    const db = handle.db;
    await db.delete(adminAudit);
    const boss = await makeUser(db, { role: "admin" });
    const pupil = await makeUser(db);
    await changeUser(db, { id: pupil.id }, "promote", { via: "web", userId: boss.id });
    await changeUser(db, { id: pupil.id }, "demote", cli);
    await createResetToken(db, `${pupil.handle}@example.test`, 3600, cli);
    const quizId = randomUUID();
    await auditModeration(db, { via: "web", userId: boss.id }, "hide-quiz", quizId);
    // Refused changes are not recorded.
    await changeUser(db, { id: boss.id }, "demote", cli);

    const first = await listAudit(db, 1, 3);
    expect(first.total).toBe(4);
    expect(first.entries.map((e) => [e.action, e.via])).toEqual([
      ["hide-quiz", "web"],
      ["reset-password", "cli"],
      ["demote", "cli"],
    ]);
    expect(first.entries[0]).toMatchObject({ actor: { handle: boss.handle }, target: null, subjectId: quizId });
    expect(first.entries[1]).toMatchObject({ actor: null, target: { handle: pupil.handle, email: `${pupil.handle}@example.test` } });
    const second = await listAudit(db, 2, 3);
    expect(second.entries.map((e) => e.action)).toEqual(["promote"]);
    expect(second.entries[0]).toMatchObject({ via: "web", actor: { handle: boss.handle }, target: { handle: pupil.handle } });
    expect(second.entries[0]!.createdAt).toBeInstanceOf(Date);
    expect((await listAudit(db, 3, 3)).entries).toEqual([]);
  });
});
