import { randomBytes, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { challengeCode, CODE_LENGTH } from "@/core/challenge/rules";
import { answerQuestion, readAttempt } from "@/test/solo-play";
import { insertChallenge } from "@/db/queries/challenges";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import type { Viewer } from "./viewer";
import { asViewer } from "@/test/viewers";

/** A browser: its cookies (the class tokens), its guest id; and who is signed in. */
type Browser = { jar: Map<string, string>; guestId: string };
const newBrowser = (): Browser => ({ jar: new Map(), guestId: randomUUID() });
const current: { viewer: Viewer | null; db: DbHandle["db"] | null; browser: Browser } = { viewer: null, db: null, browser: newBrowser() };

vi.mock("./viewer", () => ({
  getViewer: async () => current.viewer,
  currentPlayer: async () => (current.viewer ? { userId: current.viewer.id, guestId: null } : { userId: null, guestId: current.browser.guestId }),
}));
vi.mock("@/db", () => ({ getDb: async () => current.db }));
vi.mock("./rate-limit", () => ({ consume: async () => undefined }));
vi.mock("./guest", () => ({
  readGuest: async () => ({ id: current.browser.guestId, nickname: null }),
  ensureGuest: async () => ({ id: current.browser.guestId, nickname: null }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost", "x-quizdeck-client-ip": "127.0.0.1" }),
  cookies: async () => ({
    get: (name: string) => (current.browser.jar.has(name) ? { name, value: current.browser.jar.get(name)! } : undefined),
    set: (name: string, value: string) => void current.browser.jar.set(name, value),
  }),
}));

const { GET: rosterRoute } = await import("@/app/api/v1/classes/[id]/roster/route");
const actions = await import("./actions/classes");

type Route = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;
const roster = async (classId: string) =>
  (await (await (rosterRoute as unknown as Route)(new NextRequest(`http://localhost/api/v1/classes/${classId}/roster`), { params: Promise.resolve({ id: classId }) as Promise<never> })).json()) as {
    students: { id: string; name: string; extraTime: number }[];
  };

/**
 * A roster student's extra time on both databases (docs/rules.md §13): only the class's teacher
 * sets it (a guest, the student, another member and a student who is a member are refused), and
 * that student's attempts at the class's assignments get ×2 each question's limit on the
 * server's clock, while another student's answer at the same moment is late.
 */
describe.each(testBackends)("a class student's extra time on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const as = (viewer: { id: string; handle: string } | null, browser: Browser = newBrowser()) => {
    current.viewer = viewer ? asViewer(viewer) : null;
    current.browser = browser;
    return browser;
  };

  it("is set by the teacher only and stretches the student's deadlines in assigned challenges", async () => {
    current.db = handle.db;
    const teacher = await makeUser(handle.db);
    const stranger = await makeUser(handle.db);
    const member = await makeUser(handle.db);
    as(teacher);
    const created = await actions.createClassAction({ name: "7B" });
    if (!created.ok) throw new Error(created.code);
    const classId = created.value.id;
    const { students: none } = await roster(classId);
    expect(none).toEqual([]);
    // Find the class code through the join flow's own data: the teacher's class row.
    const { classView } = await import("./classes");
    const view = await classView(classId);
    const code = view && view.role === "teacher" ? view.c.code : "";
    const ana = as(null);
    expect((await actions.joinClassAction({ code, name: "Ana" })).ok).toBe(true);
    const ben = as(null);
    expect((await actions.joinClassAction({ code, name: "Ben" })).ok).toBe(true);
    as(member);
    expect((await actions.joinClassAction({ code, name: "Max" })).ok).toBe(true);

    as(teacher);
    const before = await roster(classId);
    expect(before.students.map((s) => [s.name, s.extraTime])).toEqual([
      ["Ana", 1],
      ["Ben", 1],
      ["Max", 1],
    ]);
    const anaId = before.students[0]!.id;

    // Nobody but the teacher: a guest, Ana herself, another member, a student with an account.
    for (const [who, browser, code] of [
      [null, newBrowser(), "unauthorized"],
      [null, ana, "unauthorized"],
      [stranger, newBrowser(), "not_found"],
      [member, newBrowser(), "not_found"],
    ] as const) {
      as(who, browser);
      expect(await actions.setStudentExtraTimeAction(classId, anaId, { extraTime: 2 })).toMatchObject({ ok: false, code });
    }
    as(teacher);
    expect(await roster(classId).then((r) => r.students[0]!.extraTime)).toBe(1);
    // The teacher, with a factor offered; a student of another class is not found.
    expect(await actions.setStudentExtraTimeAction(classId, anaId, { extraTime: 3 })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await actions.setStudentExtraTimeAction(classId, randomUUID(), { extraTime: 2 })).toMatchObject({ ok: false, code: "not_found" });
    expect(await actions.setStudentExtraTimeAction(classId, anaId, { extraTime: 2 })).toEqual({ ok: true, value: null });
    expect((await roster(classId)).students.map((s) => s.extraTime)).toEqual([2, 1, 1]);

    // An assigned challenge (20 s a question): Ana's answer at 30 s counts, Ben's at 30 s does not.
    const quiz = await makeQuiz(handle.db, teacher.id, { questions: 2 });
    const now = new Date();
    const { code: challenge } = await insertChallenge(
      handle.db,
      { quizId: quiz.id, ownerId: teacher.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 2, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    expect((await actions.assignChallengeAction(classId, { challenge })).ok).toBe(true);
    const { listAssignments } = await import("@/db/queries/classes");
    const [assignment] = await listAssignments(handle.db, classId);
    const results: Record<string, { answered: boolean; correct: boolean; limit: number; window: number }> = {};
    for (const [name, browser] of [["Ana", ana], ["Ben", ben]] as const) {
      as(null, browser);
      const started = await actions.startAssignmentAction(classId, assignment!.id);
      if (!started.ok) throw new Error(started.code);
      const who = { userId: null, guestId: browser.guestId };
      const t0 = new Date();
      const shown = await readAttempt(handle.db, started.value.id, who, { deliver: true, now: t0 });
      if (!shown.ok || !shown.value.question) throw new Error("no question");
      const answered = await answerQuestion(handle.db, started.value.id, who, { questionId: shown.value.question.id, answer: true }, { deliverNext: false, now: new Date(t0.getTime() + 30_000) });
      const feedback = answered.ok ? answered.value.feedback : null;
      results[name] = {
        answered: feedback?.answered ?? false,
        correct: feedback?.correct ?? false,
        limit: shown.value.question.timeLimit,
        window: new Date(shown.value.deadline!).getTime() - t0.getTime(),
      };
    }
    expect(results).toEqual({
      Ana: { answered: true, correct: true, limit: 40, window: 40_000 },
      Ben: { answered: false, correct: false, limit: 20, window: 20_000 },
    });
  });
});
