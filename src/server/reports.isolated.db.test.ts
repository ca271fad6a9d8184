import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import readXlsxFile from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { challengeCode, CODE_LENGTH } from "@/core/challenge/rules";
import type { PlayerIdentity } from "@/core/play/attempt";
import { answerQuestion, finishAttempt, readAttempt } from "@/test/solo-play";
import { insertChallenge, startChallengeAttempt } from "@/db/queries/challenges";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { createLiveGame } from "./live/create-game";
import { DrizzleGameStore } from "./live/game-store-drizzle";
import { LiveGames } from "./live/games";
import type { Viewer } from "./viewer";
import { asViewer } from "@/test/viewers";

// Who asks, and which database answers: set by each test.
const current: { viewer: Viewer | null; db: DbHandle["db"] | null } = { viewer: null, db: null };
vi.mock("./viewer", () => ({ getViewer: async () => current.viewer, currentPlayer: async () => null }));
vi.mock("@/db", () => ({ getDb: async () => current.db }));

const { GET: gameRoute } = await import("@/app/api/v1/games/[gameId]/report/route");
const { GET: challengeRoute } = await import("@/app/api/v1/challenges/[code]/report/route");

type Route = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;
const get = (route: unknown, path: string, params: Record<string, string>) =>
  (route as Route)(new NextRequest(`http://localhost${path}`), { params: Promise.resolve(params) as Promise<never> });

/**
 * The report routes on both databases: only the host (or the challenge's owner) and admins read
 * a report; a guest is 401, another member 403, an unknown game or challenge 404. The report is
 * built from what the database holds, and its CSV and .xlsx say the same.
 */
describe.each(testBackends)("reports on $name", (backend) => {
  let handle: DbHandle;
  let host: { id: string; handle: string };
  let stranger: { id: string; handle: string };
  let admin: { id: string; handle: string };
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
    host = await makeUser(handle.db);
    stranger = await makeUser(handle.db);
    admin = await makeUser(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("reports a live game to its host and admins only, in JSON, CSV and .xlsx", async () => {
    current.db = handle.db;
    const quiz = await makeQuiz(handle.db, host.id, { questions: 3 });
    const games = new LiveGames(new DrizzleGameStore(async () => handle.db));
    const { id, pin } = await createLiveGame(handle.db, { id: host.id, admin: false }, quiz.slug);
    expect((await games.hostAttach(id, host.id)).ok).toBe(true);
    expect((await games.hostCommand(id, { type: "settings", patch: { readingDelaySeconds: 0 } })).ok).toBe(true);
    const join = async (name: string) => {
      const r = await games.join(pin, name);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.playerId;
    };
    const ana = await join("Ana");
    const ben = await join("=Ben");
    await join("Cy"); // answers nothing
    expect((await games.hostCommand(id, { type: "start" })).ok).toBe(true);
    const answer = (p: string, i: number, v: boolean) => games.answer(id, p, { questionIndex: i, answer: v, clientId: `${p}-${i}` });
    // Question 1: Ana right, Ben wrong, Cy nothing.
    expect((await answer(ana, 0, true))?.ok).toBe(true);
    expect((await answer(ben, 0, false))?.ok).toBe(true);
    expect((await games.hostCommand(id, { type: "skip" })).ok).toBe(true);
    expect((await games.hostCommand(id, { type: "next" })).ok).toBe(true); // scoreboard
    const dee = await join("Dee"); // joins during question 2's scoreboard: starts at question 2
    expect((await games.hostCommand(id, { type: "next" })).ok).toBe(true); // question 2
    for (const p of [ana, ben, dee]) expect((await answer(p, 1, true))?.ok).toBe(true);
    expect((await games.hostCommand(id, { type: "skip" })).ok).toBe(true);
    expect((await games.hostCommand(id, { type: "end" })).ok).toBe(true);
    await games.close();

    const path = `/api/v1/games/${id}/report`;
    current.viewer = null;
    expect((await get(gameRoute, path, { gameId: id })).status).toBe(401);
    current.viewer = asViewer(stranger);
    expect((await get(gameRoute, path, { gameId: id })).status).toBe(403);
    expect((await get(gameRoute, `/api/v1/games/${crypto.randomUUID()}/report`, { gameId: crypto.randomUUID() })).status).toBe(404);
    expect((await get(gameRoute, "/api/v1/games/nope/report", { gameId: "nope" })).status).toBe(404);
    current.viewer = asViewer(admin, "admin");
    expect((await get(gameRoute, path, { gameId: id })).status).toBe(200);

    current.viewer = asViewer(host);
    const res = await get(gameRoute, path, { gameId: id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.questions.map((q: { correctRate: number; answered: number; eligible: number }) => [q.answered, q.eligible, q.correctRate])).toEqual([
      [2, 3, 1 / 3],
      [3, 4, 0.75],
    ]);
    expect(body.questions[0].distribution).toEqual([
      { answer: "True", count: 1, correct: true },
      { answer: "False", count: 1, correct: false },
    ]);
    const cells = Object.fromEntries(
      body.players.map((p: { nickname: string; answers: { status: string; answer: string | null; correct: boolean }[] }) => [
        p.nickname,
        p.answers.map((a) => `${a.status}:${a.answer ?? ""}:${a.correct ? "right" : "wrong"}`),
      ]),
    );
    expect(cells).toEqual({
      Ana: ["answered:True:right", "answered:True:right"],
      "=Ben": ["answered:False:wrong", "answered:True:right"],
      Cy: ["unanswered::wrong", "unanswered::wrong"],
      Dee: ["joined_late::wrong", "answered:True:right"],
    });
    // Ben is at 50 %: not under it.
    expect(body.needsAttention.map((a: { nickname: string }) => a.nickname)).toEqual(["Cy"]);
    expect(body.game).toMatchObject({ id, pin });

    const csv = await (await get(gameRoute, `${path}?format=csv`, { gameId: id })).text();
    const rows = csv.trim().split("\r\n");
    expect(rows[0]).toBe("rank,nickname,roster_name,score,percent_right,correct,answered,unanswered,q1_answer,q1_points,q2_answer,q2_points");
    expect(rows.find((r) => r.includes("Ben"))).toMatch(/^\d,"'=Ben",,\d+,50,1,2,0,False,0,True,\d+$/);
    expect(rows.find((r) => r.includes("Dee"))).toMatch(/,\(joined late\),,True,\d+$/);

    const xlsxRes = await get(gameRoute, `${path}?format=xlsx`, { gameId: id });
    expect(xlsxRes.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheets = await readXlsxFile(Buffer.from(await xlsxRes.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual(["Players", "Questions"]);
    const players = sheets[0]!.data;
    expect(players[0]).toEqual(rows[0]!.split(","));
    const benRow = players.find((r) => r[1] === "=Ben")!; // a text cell, not a formula
    expect(benRow.slice(4, 10)).toEqual([50, 1, 2, 0, "False", 0]);
    expect(sheets[1]!.data[1]!.slice(0, 4)).toEqual([1, "Statement 1 is true", "boolean", 33.3]);

    expect((await get(gameRoute, `${path}?format=pdf`, { gameId: id })).status).toBe(422);
  });

  it("reports a challenge to its owner and admins only, each player's best attempt, a guest's ended at once as unanswered", async () => {
    current.db = handle.db;
    const quiz = await makeQuiz(handle.db, host.id, { questions: 2 });
    const now = new Date();
    const { code } = await insertChallenge(
      handle.db,
      { quizId: quiz.id, ownerId: host.id, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000), attemptsAllowed: 2, now },
      () => challengeCode(randomBytes(CODE_LENGTH)),
    );
    const play = async (who: PlayerIdentity, nickname: string, answers: (boolean | null)[]) => {
      const started = await startChallengeAttempt(handle.db, { code, who, nickname, now: new Date() });
      if (!started.ok) throw new Error("refused");
      let state = await readAttempt(handle.db, started.id, who, { deliver: true });
      for (const a of answers) {
        if (!state.ok || !state.value.question) break;
        const res = await answerQuestion(handle.db, started.id, who, { questionId: state.value.question.id, answer: a }, { deliverNext: true });
        if (!res.ok) throw new Error(res.error);
        state = { ok: true, value: res.value.next };
      }
      if (state.ok && state.value.question) await finishAttempt(handle.db, started.id, who);
    };
    await play({ userId: null, guestId: "g-ada" }, "Ada", [true, false]);
    await play({ userId: null, guestId: "g-ada" }, "Ada again", [true, true]); // her best
    await play({ userId: null, guestId: "g-bo" }, "Bo", []); // End quiz at once

    const path = `/api/v1/challenges/${code}/report`;
    current.viewer = null;
    expect((await get(challengeRoute, path, { code })).status).toBe(401);
    current.viewer = asViewer(stranger);
    expect((await get(challengeRoute, path, { code })).status).toBe(403);
    expect((await get(challengeRoute, "/api/v1/challenges/ZZZZZZZZ/report", { code: "ZZZZZZZZ" })).status).toBe(404);
    current.viewer = asViewer(admin, "admin");
    expect((await get(challengeRoute, path, { code })).status).toBe(200);
    current.viewer = asViewer(host);
    const body = await (await get(challengeRoute, path, { code })).json();
    expect(body.players.map((p: { nickname: string; correctCount: number; unansweredCount: number }) => [p.nickname, p.correctCount, p.unansweredCount])).toEqual([
      ["Ada again", 2, 0],
      ["Bo", 0, 2],
    ]);
    expect(body.questions.map((q: { correctRate: number }) => q.correctRate)).toEqual([0.5, 0.5]);
    expect(body.needsAttention).toMatchObject([{ nickname: "Bo", reasons: ["low_score"] }]);
    const sheets = await readXlsxFile(Buffer.from(await (await get(challengeRoute, `${path}?format=xlsx`, { code })).arrayBuffer()));
    expect(sheets[0]!.data[2]!.slice(1, 2)).toEqual(["Bo"]);
    expect(sheets[0]!.data[2]!.slice(8)).toEqual(["(no answer)", 0, "(no answer)", 0]);
  });
});
