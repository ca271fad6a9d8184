import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { adminAudit, users } from "@/db/schema";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import type { Viewer } from "./viewer";
import { asViewer } from "@/test/viewers";

// Who asks, and which database answers: set by each test.
const current: { viewer: Viewer | null; db: DbHandle["db"] | null } = { viewer: null, db: null };
vi.mock("./viewer", () => ({ getViewer: async () => current.viewer }));
vi.mock("@/db", () => ({ getDb: async () => current.db }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { setRoleAction, setUserStatusAction, hideQuizAction, restoreQuizAction } = await import("./actions/admin");

/**
 * The admin page's actions on both databases: a guest is `unauthorized`, a member `forbidden`
 * (and nothing changes), bad input is `validation_failed`, the last active admin stays one
 * (`last_admin`), and what an admin does is in the audit log under their name.
 */
describe.each(testBackends)("admin actions on $name", (backend) => {
  let handle: DbHandle;
  let admin: { id: string; handle: string };
  let member: { id: string; handle: string };
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    current.db = handle.db;
    await handle.db.update(users).set({ role: "member", disabledAt: null });
    admin = await makeUser(handle.db, { role: "admin" });
    member = await makeUser(handle.db);
  });

  const row = async (id: string) => (await handle.db.select().from(users).where(eq(users.id, id)))[0]!;

  it.each([
    ["a guest", null, "unauthorized"],
    ["a member", "member", "forbidden"],
  ] as const)("%s may not change roles or disable accounts", async (_, who, code) => {
    current.viewer = who ? asViewer(member) : null;
    const target = await makeUser(handle.db);
    expect(await setRoleAction({ userId: target.id, role: "admin" })).toMatchObject({ ok: false, code });
    expect(await setUserStatusAction({ userId: target.id, disabled: true })).toMatchObject({ ok: false, code });
    // Not even on themselves, or on an admin.
    expect(await setRoleAction({ userId: member.id, role: "admin" })).toMatchObject({ ok: false, code });
    expect(await setUserStatusAction({ userId: admin.id, disabled: true })).toMatchObject({ ok: false, code });
    const quiz = await makeQuiz(handle.db, target.id);
    expect(await hideQuizAction({ quizId: quiz.id })).toMatchObject({ ok: false, code });
    expect(await restoreQuizAction({ quizId: quiz.id })).toMatchObject({ ok: false, code });
    expect((await row(target.id)).role).toBe("member");
    expect((await row(target.id)).disabledAt).toBeNull();
    expect((await row(admin.id)).disabledAt).toBeNull();
    expect(await handle.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, target.id))).toEqual([]);
  });

  it("an admin disables and enables an account, and changes roles; the audit log names them", async () => {
    current.viewer = asViewer(admin, "admin");
    expect(await setUserStatusAction({ userId: member.id, disabled: true })).toEqual({ ok: true, value: { status: "disabled" } });
    expect((await row(member.id)).disabledAt).toBeInstanceOf(Date);
    expect(await setUserStatusAction({ userId: member.id, disabled: false })).toEqual({ ok: true, value: { status: "active" } });
    expect(await setRoleAction({ userId: member.id, role: "admin" })).toEqual({ ok: true, value: { role: "admin" } });
    const log = await handle.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, member.id));
    expect(log.map((e) => [e.action, e.actorId, e.via]).sort()).toEqual([
      ["disable", admin.id, "web"],
      ["enable", admin.id, "web"],
      ["promote", admin.id, "web"],
    ]);
  });

  it("the last active admin can neither demote nor disable themselves", async () => {
    current.viewer = asViewer(admin, "admin");
    expect(await setRoleAction({ userId: admin.id, role: "member" })).toMatchObject({ ok: false, code: "last_admin" });
    expect(await setUserStatusAction({ userId: admin.id, disabled: true })).toMatchObject({ ok: false, code: "last_admin" });
    expect(await row(admin.id)).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("refuses bad input with validation_failed and an unknown account with not_found", async () => {
    current.viewer = asViewer(admin, "admin");
    expect(await setUserStatusAction({ userId: member.id, disabled: "yes" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await setUserStatusAction({ userId: "", disabled: true })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await setUserStatusAction(null)).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await setRoleAction({ userId: member.id, role: "owner" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await setUserStatusAction({ userId: "no-such-user", disabled: true })).toMatchObject({ ok: false, code: "not_found" });
  });
});
