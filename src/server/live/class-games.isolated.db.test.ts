import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rosterNameKey } from "@/core/classes/rules";
import type { DbHandle } from "@/db/client";
import { insertClass, insertStudent, removeStudent } from "@/db/queries/classes";
import { getGame } from "@/db/queries/games";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { games as gamesTable, players } from "@/db/schema";
import { testBackends } from "@/db/test-databases";
import type { Viewer } from "../viewer";
import { asViewer } from "@/test/viewers";

/**
 * Live games for a class on both databases (docs/rules.md §13): only the class's owner may host
 * one for it (the action and the game's creation), which names a device may take, one device per
 * name, the host releasing a name, the claims across a restart, and the class game in the
 * gradebook and a student's history.
 */

const current: { viewer: Viewer | null; db: DbHandle["db"] | null } = { viewer: null, db: null };
vi.mock("../viewer", () => ({ getViewer: async () => current.viewer }));
vi.mock("@/db", () => ({ getDb: async () => current.db }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost" }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  redirect: (to: string) => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  },
}));

const { hostLiveAction } = await import("../actions/live");
const { classGradebook, classStudentHistory } = await import("../classes");
const { createLiveGame } = await import("./create-game");
const { classClaim } = await import("./class-claims");
const { DrizzleGameStore } = await import("./game-store-drizzle");
const { LiveGames, hashToken } = await import("./games");

const form = (classId: string) => {
  const f = new FormData();
  f.set("classId", classId);
  return f;
};

describe.each(testBackends)("live games for a class on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function setup() {
    const db = handle.db;
    const [teacher, other, admin, mo] = [await makeUser(db), await makeUser(db), await makeUser(db, { role: "admin" }), await makeUser(db)];
    const quiz = await makeQuiz(db, teacher.id, { questions: 2 });
    let n = 0;
    const codes = () => `C${randomUUID().replace(/-/g, "").slice(0, 5).toUpperCase()}${n++}`.slice(0, 6);
    const c = await insertClass(db, { ownerId: teacher.id, name: "7B", subject: null, now: new Date() }, codes);
    const otherClass = await insertClass(db, { ownerId: other.id, name: "8A", subject: null, now: new Date() }, codes);
    const student = async (classId: string, name: string, who: { userId?: string; tokenHash?: string }) => {
      const r = await insertStudent(
        db,
        { classId, name, nameKey: rosterNameKey(name), userId: who.userId ?? null, tokenHash: who.tokenHash ?? null, now: new Date() },
        () => randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase(),
      );
      if (!r.ok) throw new Error(r.error);
      return r.student;
    };
    // Token hashes are unique across classes: one set per test.
    const tag = randomUUID();
    const tok = { ana: `hash-ana-${tag}`, ben: `hash-ben-${tag}`, zed: `hash-zed-${tag}` };
    const ana = await student(c.id, "Ana", { tokenHash: tok.ana });
    const ben = await student(c.id, "Ben", { tokenHash: tok.ben });
    const moEntry = await student(c.id, "Mo", { userId: mo.id });
    const zed = await student(otherClass.id, "Zed", { tokenHash: tok.zed });
    return { teacher, other, admin, mo, quiz, c, otherClass, ana, ben, moEntry, zed, tok };
  }

  it("lets only the class's owner host a game for it: the action and the game's creation", async () => {
    const { teacher, other, admin, quiz, c, otherClass } = await setup();
    const db = handle.db;
    // Creating: another member's class, an admin's view of it, an unknown class: not_found.
    for (const [who, classId] of [
      [{ id: other.id, admin: false }, c.id],
      [{ id: admin.id, admin: true }, c.id],
      [{ id: teacher.id, admin: false }, otherClass.id],
      [{ id: teacher.id, admin: false }, randomUUID()],
    ] as const) {
      await expect(createLiveGame(db, who, quiz.slug, classId)).rejects.toMatchObject({ code: "not_found" });
    }
    // The action: a guest signs in first; another member's class or a malformed id is the 404 page.
    current.viewer = null;
    await expect(hostLiveAction(quiz.slug, form(c.id))).rejects.toThrow(/NEXT_REDIRECT \/sign-in/);
    current.viewer = asViewer(other);
    await expect(hostLiveAction(quiz.slug, form(c.id))).rejects.toThrow("NEXT_NOT_FOUND");
    current.viewer = asViewer(teacher);
    await expect(hostLiveAction(quiz.slug, form("not-a-uuid"))).rejects.toThrow("NEXT_NOT_FOUND");
    await expect(hostLiveAction(quiz.slug, form(otherClass.id))).rejects.toThrow("NEXT_NOT_FOUND");
    // The owner: the game is the class's, in its row and its snapshot.
    const redirected = await hostLiveAction(quiz.slug, form(c.id)).catch((e: Error) => e.message);
    const gameId = /NEXT_REDIRECT \/host\/([0-9a-f-]+)/.exec(String(redirected))?.[1];
    expect(gameId).toBeDefined();
    const [row] = await db.select({ classId: gamesTable.classId }).from(gamesTable).where(eq(gamesTable.id, gameId!));
    expect(row?.classId).toBe(c.id);
    expect(((await getGame(db, gameId!))!.snapshot as { classGame: unknown }).classGame).toEqual({ classId: c.id, className: "7B" });
    // No class chosen: an ordinary game.
    const plain = await hostLiveAction(quiz.slug, form("")).catch((e: Error) => e.message);
    const plainId = /\/host\/([0-9a-f-]+)/.exec(String(plain))?.[1];
    const [plainRow] = await db.select({ classId: gamesTable.classId }).from(gamesTable).where(eq(gamesTable.id, plainId!));
    expect(plainRow?.classId).toBeNull();
  });

  it("decides which names a device may take from the roster and the device's own entry", async () => {
    const { mo, c, ana, moEntry, zed, other, tok } = await setup();
    const db = handle.db;
    const claim = async (studentId: string, device: { userId?: string; tokenHashes?: string[] }) => {
      const r = await classClaim(db, c.id, studentId, { userId: device.userId ?? null, tokenHashes: device.tokenHashes ?? [] });
      return r.ok ? `ok ${r.claim.name}` : r.error.code;
    };
    expect(await claim(ana.id, { tokenHashes: [tok.ana] })).toBe("ok Ana");
    expect(await claim(ana.id, {})).toBe("ok Ana"); // a borrowed device that is nobody in the class
    expect(await claim(ana.id, { tokenHashes: [tok.ben] })).toBe("forbidden"); // Ben's browser
    expect(await claim(ana.id, { tokenHashes: [tok.zed] })).toBe("ok Ana"); // a student of another class only
    expect(await claim(moEntry.id, { userId: mo.id })).toBe("ok Mo");
    expect(await claim(moEntry.id, {})).toBe("forbidden");
    expect(await claim(moEntry.id, { userId: other.id })).toBe("forbidden");
    expect(await claim(zed.id, {})).toBe("not_found"); // another class's name
    expect(await claim(randomUUID(), {})).toBe("not_found");
  });

  it("gives a name to one device; the host releases it; the next device takes the player over, across a restart", async () => {
    const { teacher, quiz, c, ana, ben, moEntry } = await setup();
    const db = handle.db;
    const store = () => new DrizzleGameStore(async () => db);
    let live = new LiveGames(store());
    const { id, pin } = await createLiveGame(db, { id: teacher.id, admin: false }, quiz.slug, c.id);
    expect((await live.hostAttach(id, teacher.id)).ok).toBe(true);
    const first = await live.join(pin, undefined, undefined, { studentId: ana.id, name: "Ana" });
    if (!first.ok) throw new Error(first.error.message);
    expect(await live.join(pin, "Anything", undefined)).toMatchObject({ ok: false, error: { code: "validation_failed" } });
    expect(await live.join(pin, undefined, undefined, { studentId: ana.id, name: "Ana" })).toMatchObject({ ok: false, error: { code: "roster_name_claimed" } });
    expect((await live.join(pin, undefined, undefined, { studentId: ben.id, name: "Ben" })).ok).toBe(true);
    expect((await live.join(pin, undefined, undefined, { studentId: moEntry.id, name: "Mo" })).ok).toBe(true);
    const released = await live.hostCommand(id, { type: "release", playerId: first.value.playerId });
    if (!released.ok) throw new Error(released.error.message);
    expect(released.value.classGame?.players.find((p) => p.nickname === "Ana")).toMatchObject({ released: true, connected: false });
    // The released device cannot come back with its token.
    expect(await live.resume(pin, first.value.token)).toMatchObject({ ok: false });
    const second = await live.join(pin, undefined, undefined, { studentId: ana.id, name: "Ana" });
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.playerId).toBe(first.value.playerId);
    await live.close();

    // Stored: the roster entries and the new token; a restart keeps who holds what.
    const rows = await db.select({ nickname: players.nickname, classStudentId: players.classStudentId, tokenHash: players.tokenHash }).from(players).where(eq(players.gameId, id));
    expect(rows.map((r) => [r.nickname, r.classStudentId]).sort()).toEqual([
      ["Ana", ana.id],
      ["Ben", ben.id],
      ["Mo", moEntry.id],
    ]);
    expect(rows.find((r) => r.nickname === "Ana")?.tokenHash).toBe(hashToken(second.value.token));
    live = new LiveGames(store());
    expect(await live.restoreOpenGames()).toBeGreaterThanOrEqual(1);
    expect(await live.resume(pin, first.value.token)).toMatchObject({ ok: false });
    expect((await live.resume(pin, second.value.token)).ok).toBe(true);
    expect(await live.join(pin, undefined, undefined, { studentId: ana.id, name: "Ana" })).toMatchObject({ ok: false, error: { code: "roster_name_claimed" } });

    // Played: Ana right twice, Ben once, Mo never; the gradebook and the history count the game.
    expect((await live.hostCommand(id, { type: "settings", patch: { readingDelaySeconds: 0 } })).ok).toBe(true);
    expect((await live.hostCommand(id, { type: "start" })).ok).toBe(true);
    const ids = new Map(rows.map((r) => [r.nickname, r.classStudentId]));
    const game = (await db.select({ id: players.id, nickname: players.nickname }).from(players).where(eq(players.gameId, id))).reduce(
      (m, p) => m.set(p.nickname, p.id),
      new Map<string, string>(),
    );
    for (const q of [0, 1]) {
      await live.answer(id, game.get("Ana")!, { questionIndex: q, answer: true, clientId: `a${q}` });
      await live.answer(id, game.get("Ben")!, { questionIndex: q, answer: q === 0, clientId: `b${q}` });
      const after = await live.hostCommand(id, { type: "skip" });
      if (after.ok && after.value.phase === "question") await live.hostCommand(id, { type: "skip" });
      await live.hostCommand(id, { type: "next" });
      if (q === 0) await live.hostCommand(id, { type: "next" });
    }
    expect((await live.hostCommand(id, { type: "end" })).ok).toBe(true);
    await live.close();

    current.viewer = asViewer(teacher);
    const { gradebook } = await classGradebook(c.id);
    const column = gradebook.assignments.findIndex((a) => a.id === id);
    expect(gradebook.assignments[column]).toMatchObject({ kind: "game", title: `Quiz ${quiz.slug}` });
    const cell = (sid: string | null | undefined) => gradebook.cells[gradebook.students.findIndex((s) => s.id === sid)]![column];
    expect(cell(ids.get("Ana"))).toEqual({ best: 100, latest: 100, attempts: 1 });
    expect(cell(ids.get("Ben"))).toEqual({ best: 50, latest: 50, attempts: 1 });
    expect(cell(ids.get("Mo"))).toEqual({ best: 0, latest: 0, attempts: 1 });
    const history = await classStudentHistory(c.id, ana.id);
    expect(history.history.map((h) => [h.kind, h.quizTitle, h.correctCount, h.questionCount])).toEqual([["game", `Quiz ${quiz.slug}`, 2, 2]]);
    // Another member reaches neither.
    current.viewer = asViewer(await makeUser(db));
    await expect(classGradebook(c.id)).rejects.toMatchObject({ code: "not_found" });

    // Removing a student takes their link to the game's player with them.
    await removeStudent(db, ben.id);
    const [benRow] = await db.select({ classStudentId: players.classStudentId }).from(players).where(eq(players.nickname, "Ben"));
    expect(benRow?.classStudentId).toBeNull();
  });
});
