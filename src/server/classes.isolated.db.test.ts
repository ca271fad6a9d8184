import { randomBytes, randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import readXlsxFile from "read-excel-file/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { challengeCode, CODE_LENGTH } from "@/core/challenge/rules";
import type { PlayerIdentity } from "@/core/play/attempt";
import { answerQuestion, readAttempt } from "@/test/solo-play";
import { insertChallenge } from "@/db/queries/challenges";
import { insertQuiz } from "@/db/queries/quiz-writes";
import { quizInput } from "@/core/quiz-schema";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { attempts, classAttempts, classStudents } from "@/db/schema";
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

const { GET: listRoute, POST: createRoute } = await import("@/app/api/v1/classes/route");
const { GET: readRoute, DELETE: deleteRoute } = await import("@/app/api/v1/classes/[id]/route");
const { GET: rosterRoute } = await import("@/app/api/v1/classes/[id]/roster/route");
const { GET: assignmentsRoute, POST: assignRoute } = await import("@/app/api/v1/classes/[id]/assignments/route");
const { GET: gradebookRoute } = await import("@/app/api/v1/classes/[id]/gradebook/route");
const actions = await import("./actions/classes");
const { classStudentHistory, classView } = await import("./classes");

type Route = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;
const call = (route: unknown, path: string, params: Record<string, string> = {}, init?: { method: string; body: unknown }) =>
  (route as Route)(
    new NextRequest(`http://localhost${path}`, init ? { method: init.method, body: JSON.stringify(init.body), headers: { "content-type": "application/json" } } : undefined),
    { params: Promise.resolve(params) as Promise<never> },
  );

/**
 * Classes on both databases (docs/rules.md §13): a teacher's class, students joining by code
 * (a member with their account, guests with a roster name in their browser), assignments played
 * as roster entries, the gradebook, a recovery code moving a guest, and who must not reach any
 * of it: a guest (401 on the API, `unauthorized` from the teacher's actions), another member and
 * a student of another class (404 / `not_found`).
 */
describe.each(testBackends)("classes on $name", (backend) => {
  let handle: DbHandle;
  let teacher: { id: string; handle: string };
  let stranger: { id: string; handle: string };
  let member: { id: string; handle: string };
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
    teacher = await makeUser(handle.db);
    stranger = await makeUser(handle.db);
    member = await makeUser(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** Acts as someone in a browser of their own. */
  const as = (viewer: { id: string; handle: string } | null, browser: Browser = newBrowser()) => {
    current.viewer = viewer ? asViewer(viewer) : null;
    current.browser = browser;
    return browser;
  };

  async function playAll(attemptId: string, who: PlayerIdentity, answers: boolean[]) {
    let state = await readAttempt(handle.db, attemptId, who, { deliver: true });
    for (const a of answers) {
      if (!state.ok || !state.value.question) break;
      const res = await answerQuestion(handle.db, attemptId, who, { questionId: state.value.question.id, answer: a }, { deliverNext: true });
      if (!res.ok) throw new Error(res.error);
      state = { ok: true, value: res.value.next };
    }
  }

  it("runs a class from creation to the gradebook, and refuses everyone else", async () => {
    current.db = handle.db;
    // The teacher creates a class.
    as(teacher);
    const created = await call(createRoute, "/api/v1/classes", {}, { method: "POST", body: { name: "7B", subject: "Geography" } });
    expect(created.status).toBe(201);
    const c = (await created.json()) as { id: string; code: string; joinUrl: string };
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(c.joinUrl.endsWith(`/classes/join/${c.code}`)).toBe(true);
    expect((await call(createRoute, "/api/v1/classes", {}, { method: "POST", body: { name: " " } })).status).toBe(422);
    const list = await (await call(listRoute, "/api/v1/classes")).json();
    expect(list.classes.map((x: { id: string }) => x.id)).toContain(c.id);

    // Two guests and a member join by code; a name is unique in the class, and follows the nickname rules.
    const ana = as(null);
    const joinedAna = await actions.joinClassAction({ code: c.code.toLowerCase(), name: "Ana" });
    expect(joinedAna.ok && joinedAna.value.recoveryCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const anaCode = joinedAna.ok ? joinedAna.value.recoveryCode! : "";
    as(null);
    expect(await actions.joinClassAction({ code: c.code, name: " ANA " })).toMatchObject({ ok: false, code: "roster_name_taken" });
    expect(await actions.joinClassAction({ code: c.code, name: "" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await actions.joinClassAction({ code: "ZZZZZZ", name: "Ben" })).toMatchObject({ ok: false, code: "not_found" });
    expect((await actions.joinClassAction({ code: c.code, name: "Ben" })).ok).toBe(true);
    as(member);
    const joinedMax = await actions.joinClassAction({ code: c.code, name: "Max" });
    expect(joinedMax).toEqual({ ok: true, value: { classId: c.id, recoveryCode: null } });
    // Joining again changes nothing.
    expect(await actions.joinClassAction({ code: c.code, name: "Maxi" })).toEqual({ ok: true, value: { classId: c.id, recoveryCode: null } });

    // The teacher's roster holds the three, with the guests' recovery codes.
    as(teacher);
    const roster = (await (await call(rosterRoute, `/api/v1/classes/${c.id}/roster`, { id: c.id })).json()) as {
      students: { id: string; name: string; member: boolean; recoveryCode: string | null }[];
    };
    expect(roster.students.map((s) => [s.name, s.member, s.recoveryCode !== null])).toEqual([
      ["Ana", false, true],
      ["Ben", false, true],
      ["Max", true, false],
    ]);
    expect(roster.students[0]!.recoveryCode).toBe(`${anaCode.slice(0, 5)}-${anaCode.slice(5)}`);

    // A challenge of the teacher's is assigned; another member's is not theirs to assign.
    const quiz = await makeQuiz(handle.db, teacher.id, { questions: 2 });
    const now = new Date();
    const { code: challenge } = await insertChallenge(
      handle.db,
      { quizId: quiz.id, ownerId: teacher.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 3, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    const { code: theirs } = await insertChallenge(
      handle.db,
      { quizId: quiz.id, ownerId: stranger.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 1, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    expect((await call(assignRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id }, { method: "POST", body: { challenge: theirs } })).status).toBe(404);
    expect((await call(assignRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id }, { method: "POST", body: { challenge } })).status).toBe(201);
    const { assignments } = await (await call(assignmentsRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id })).json();
    expect(assignments).toMatchObject([{ challengeCode: challenge, quizSlug: quiz.slug, attemptsAllowed: 3 }]);
    const assignmentId = assignments[0].id as string;

    // Ana plays it twice (1 of 2, then 2 of 2), Max once (2 of 2); Ben not at all.
    as(null, ana);
    for (const answers of [[true, false], [true, true]]) {
      const started = await actions.startAssignmentAction(c.id, assignmentId);
      if (!started.ok) throw new Error(started.code);
      await playAll(started.value.id, { userId: null, guestId: ana.guestId }, answers);
    }
    as(member);
    const maxStart = await actions.startAssignmentAction(c.id, assignmentId);
    if (!maxStart.ok) throw new Error(maxStart.code);
    await playAll(maxStart.value.id, { userId: member.id, guestId: null }, [true, true]);
    // The attempts carry the roster names, which the challenge's leaderboard shows.
    const [maxAttempt] = await handle.db.select().from(attempts).where(eq(attempts.id, maxStart.value.id));
    expect(maxAttempt!.nickname).toBe("Max");
    // Someone outside the class cannot play its assignments.
    as(stranger);
    expect(await actions.startAssignmentAction(c.id, assignmentId)).toMatchObject({ ok: false, code: "not_found" });

    // The gradebook: best and latest %, not attempted; the CSV and the .xlsx say the same.
    as(teacher);
    const gb = await (await call(gradebookRoute, `/api/v1/classes/${c.id}/gradebook`, { id: c.id })).json();
    expect(gb.students.map((s: { name: string; results: { attempted: boolean; best: number | null; latest: number | null; attempts: number }[] }) => [s.name, s.results[0]])).toEqual([
      ["Ana", { assignmentId, attempted: true, best: 100, latest: 100, attempts: 2 }],
      ["Ben", { assignmentId, attempted: false, best: null, latest: null, attempts: 0 }],
      ["Max", { assignmentId, attempted: true, best: 100, latest: 100, attempts: 1 }],
    ]);
    const csv = await (await call(gradebookRoute, `/api/v1/classes/${c.id}/gradebook?format=csv`, { id: c.id })).text();
    const title = `Quiz ${quiz.slug}`;
    expect(csv.split("\r\n").slice(0, 4)).toEqual([
      `Student,Average best %,${title}: best %,${title}: latest %,${title}: attempts`,
      "Ana,100,100,100,2",
      "Ben,,,,0",
      "Max,100,100,100,1",
    ]);
    const xlsx = await call(gradebookRoute, `/api/v1/classes/${c.id}/gradebook?format=xlsx`, { id: c.id });
    const sheets = await readXlsxFile(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheets[0]!.sheet).toBe("Gradebook");
    expect(sheets[0]!.data[1]).toEqual(["Ana", 100, 100, 100, 2]);
    expect((await call(gradebookRoute, `/api/v1/classes/${c.id}/gradebook?format=pdf`, { id: c.id })).status).toBe(422);

    // Nobody else reaches any of it: a guest is asked to sign in, another member and a student
    // (of this class or another) find nothing.
    const other = await (await call(createRoute, "/api/v1/classes", {}, { method: "POST", body: { name: "8A" } })).json();
    const otherStudent = as(null);
    expect((await actions.joinClassAction({ code: other.code, name: "Zed" })).ok).toBe(true);
    const paths: [unknown, string][] = [
      [readRoute, `/api/v1/classes/${c.id}`],
      [rosterRoute, `/api/v1/classes/${c.id}/roster`],
      [assignmentsRoute, `/api/v1/classes/${c.id}/assignments`],
      [gradebookRoute, `/api/v1/classes/${c.id}/gradebook`],
    ];
    const teacherActions = [
      () => actions.deleteClassAction(c.id),
      () => actions.setClassLeaderboardAction(c.id, { showLeaderboard: true }),
      () => actions.renameStudentAction(c.id, roster.students[0]!.id, { name: "Hacked" }),
      () => actions.removeStudentAction(c.id, roster.students[0]!.id),
      () => actions.assignChallengeAction(c.id, { challenge }),
      () => actions.unassignChallengeAction(c.id, assignmentId),
    ];
    for (const [who, browser, status, code] of [
      [null, otherStudent, 401, "unauthorized"],
      [null, ana, 401, "unauthorized"],
      [stranger, newBrowser(), 404, "not_found"],
      [member, newBrowser(), 404, "not_found"],
    ] as const) {
      as(who, browser);
      for (const [route, path] of paths) expect((await call(route, path, { id: c.id })).status, `${path} as ${who?.handle ?? "guest"}`).toBe(status);
      expect((await call(deleteRoute, `/api/v1/classes/${c.id}`, { id: c.id }, { method: "DELETE", body: {} })).status).toBe(status);
      expect((await call(assignRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id }, { method: "POST", body: { challenge } })).status).toBe(status);
      if (who) expect((await (await call(listRoute, "/api/v1/classes")).json()).classes).toEqual([]);
      else expect((await call(listRoute, "/api/v1/classes")).status).toBe(401);
      for (const act of teacherActions) expect(await act()).toMatchObject({ ok: false, code });
    }
    // A student of another class does not see this one; Ana sees it as its student.
    as(null, otherStudent);
    expect(await classView(c.id)).toBeNull();
    as(null, ana);
    expect(await classView(c.id)).toMatchObject({ role: "student", student: { name: "Ana" } });

    // Ana's recovery code moves her to a new browser: the old one's token stops working, and the code changes.
    const phone = as(null);
    const moved = await actions.recoverClassAction({ recoveryCode: `${anaCode.slice(0, 5)}-${anaCode.slice(5)}`.toLowerCase() });
    expect(moved.ok && moved.value.classId).toBe(c.id);
    expect(moved.ok && moved.value.recoveryCode).not.toBe(anaCode);
    expect(await classView(c.id)).toMatchObject({ role: "student", student: { name: "Ana" } });
    as(null, ana);
    expect(await classView(c.id)).toBeNull();
    expect(await actions.recoverClassAction({ recoveryCode: anaCode })).toMatchObject({ ok: false, code: "not_found" });
    // Her attempts stay hers: the new browser has one attempt left of three.
    as(null, phone);
    expect((await actions.startAssignmentAction(c.id, assignmentId)).ok).toBe(true);
    expect(await actions.startAssignmentAction(c.id, assignmentId)).toMatchObject({ ok: false, code: "no_attempts_left" });

    // Renaming renames her attempts; removing her deletes them with her roster entry.
    as(teacher);
    const anaId = roster.students[0]!.id;
    expect(await actions.renameStudentAction(c.id, anaId, { name: "Ben" })).toMatchObject({ ok: false, code: "roster_name_taken" });
    expect(await actions.renameStudentAction(c.id, anaId, { name: "Anna" })).toEqual({ ok: true, value: null });
    const anaAttempts = await handle.db.select({ id: classAttempts.attemptId }).from(classAttempts).where(eq(classAttempts.classStudentId, anaId));
    expect(anaAttempts).toHaveLength(3);
    const [renamed] = await handle.db.select().from(attempts).where(eq(attempts.id, anaAttempts[0]!.id));
    expect(renamed!.nickname).toBe("Anna");
    expect(await actions.removeStudentAction(c.id, anaId)).toEqual({ ok: true, value: null });
    expect(await handle.db.select().from(attempts).where(eq(attempts.id, anaAttempts[0]!.id))).toEqual([]);

    // Deleting the class deletes its roster and its members' class attempts.
    expect((await call(deleteRoute, `/api/v1/classes/${c.id}`, { id: c.id }, { method: "DELETE", body: {} })).status).toBe(204);
    expect(await handle.db.select().from(classStudents).where(eq(classStudents.classId, c.id))).toEqual([]);
    expect(await handle.db.select().from(attempts).where(eq(attempts.id, maxStart.value.id))).toEqual([]);
    expect((await call(readRoute, `/api/v1/classes/${c.id}`, { id: c.id })).status).toBe(404);
    expect((await call(readRoute, "/api/v1/classes/nope", { id: "nope" })).status).toBe(404);
  });

  it("grades an attempt on the questions with a right answer, as its results page does: a poll and a slide count for nothing", async () => {
    current.db = handle.db;
    as(teacher);
    const c = await (await call(createRoute, "/api/v1/classes", {}, { method: "POST", body: { name: "Polls" } })).json();
    const input = quizInput.parse({
      title: "Two statements, a vote and a slide",
      category: "science",
      visibility: "public",
      questions: [
        { type: "boolean", prompt: "One is true", correct: true },
        { type: "poll", prompt: "Tea or coffee?", options: ["Tea", "Coffee"] },
        { type: "slide", prompt: "A pause", text: "Read me." },
        { type: "boolean", prompt: "Two is true", correct: true },
      ],
    });
    const quizId = (await insertQuiz(handle.db, teacher.id, { ...input, slug: `polls-${randomBytes(4).toString("hex")}` }, { status: "published" }))!;
    const now = new Date();
    const { code: challenge } = await insertChallenge(
      handle.db,
      { quizId, ownerId: teacher.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 1, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    expect((await call(assignRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id }, { method: "POST", body: { challenge } })).status).toBe(201);
    const [assignment] = (await (await call(assignmentsRoute, `/api/v1/classes/${c.id}/assignments`, { id: c.id })).json()).assignments;
    // Eve gets the first statement right, votes, reads the slide and gets the second wrong: 1 of 2.
    const eve = as(null);
    expect((await actions.joinClassAction({ code: c.code, name: "Eve" })).ok).toBe(true);
    const started = await actions.startAssignmentAction(c.id, assignment.id);
    if (!started.ok) throw new Error(started.code);
    const who = { userId: null, guestId: eve.guestId };
    let state = await readAttempt(handle.db, started.value.id, who, { deliver: true });
    for (const answer of [true, "first option", null, false]) {
      if (!state.ok || !state.value.question) throw new Error("no question");
      const q = state.value.question;
      const vote = q.data.type === "poll" ? q.data.options[0]!.id : null;
      const res = await answerQuestion(handle.db, started.value.id, who, { questionId: q.id, answer: answer === "first option" ? vote : answer }, { deliverNext: true });
      if (!res.ok) throw new Error(res.error);
      state = { ok: true, value: res.value.next };
    }
    as(teacher);
    const gb = await (await call(gradebookRoute, `/api/v1/classes/${c.id}/gradebook`, { id: c.id })).json();
    expect(gb.students[0].results[0]).toMatchObject({ attempted: true, best: 50, latest: 50, attempts: 1 });
    // The student's history, as the teacher and the student read it, says the same.
    const { history } = await classStudentHistory(c.id, gb.students[0].id);
    expect(history.map((h) => [h.correctCount, h.questionCount])).toEqual([[1, 2]]);
  });
});
