import { expect, test } from "@playwright/test";
import { newAccount, signUpByApi } from "./accounts";
import { OpenApiContract } from "./openapi-contract";

/**
 * The API answers inside its own OpenAPI document: one tour calls every documented operation (its
 * success and the errors a client meets first), and Ajv checks each status and body against
 * `/api/v1/openapi.json`, whose schemas forbid properties they do not list. The live game's
 * report needs a hosted game: e2e/report.spec.ts checks its 200 the same way.
 */
const QUIZ = "world-capitals";
const NO_ID = "00000000-0000-4000-8000-000000000000";

test("every API operation answers with a status and a body its OpenAPI document describes", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all([0, 1, 2].map(() => playwright.request.newContext({ baseURL: baseURL! })));
  const [anonContext, memberContext, otherContext] = contexts as [typeof contexts[0], typeof contexts[0], typeof contexts[0]];
  try {
    const contract = await OpenApiContract.load(anonContext);
    const anon = contract.wrap(anonContext);
    const member = contract.wrap(memberContext);
    const other = contract.wrap(otherContext);
    await signUpByApi(memberContext, baseURL!, newAccount("contract"));
    await signUpByApi(otherContext, baseURL!, newAccount("other"));

    // Reading quizzes.
    expect((await anon.get("/api/health")).status()).toBe(200);
    expect((await anon.get("/api/v1/quizzes?limit=5&sort=new")).status()).toBe(200);
    expect((await anon.get("/api/v1/quizzes?limit=101")).status()).toBe(422);
    const quiz = await (await anon.get(`/api/v1/quizzes/${QUIZ}`)).json();
    expect((await anon.get("/api/v1/quizzes/no-such-quiz")).status()).toBe(404);

    // Solo play.
    expect((await anon.post(`/api/v1/quizzes/${QUIZ}/attempts`, { data: { nickname: "" } })).status()).toBe(422);
    expect((await anon.post("/api/v1/quizzes/no-such-quiz/attempts", { data: { nickname: "Contract" } })).status()).toBe(404);
    const started = await anon.post(`/api/v1/quizzes/${QUIZ}/attempts`, { data: { nickname: "Contract" } });
    expect(started.status()).toBe(201);
    const { attemptId, question } = await started.json();
    expect((await anon.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(200);
    expect((await anon.get(`/api/v1/attempts/${NO_ID}`)).status()).toBe(404);
    expect((await other.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(403);
    expect((await anon.post(`/api/v1/attempts/${attemptId}/hint`)).status()).toBe(200);
    expect((await anon.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer: { x: 1 } } })).status()).toBe(422);
    expect((await anon.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer: null, usedHint: true } })).status()).toBe(200);
    expect((await anon.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer: null } })).status()).toBe(409);
    expect((await anon.post(`/api/v1/attempts/${attemptId}/finish`)).status()).toBe(200);
    expect((await anon.get(`/api/v1/quizzes/${QUIZ}/leaderboard`)).status()).toBe(200);

    // Importing and exporting (the owner's own quiz; another's is forbidden).
    expect((await anon.post("/api/v1/imports", { data: { format: "gift", content: "x" } })).status()).toBe(401);
    expect((await member.post("/api/v1/imports", { data: { format: "json", content: "{" } })).status()).toBe(422);
    const imported = await member.post("/api/v1/imports", { data: { format: "gift", content: "::Sum:: 2 + 2 is {=4 ~3 ~5}\n", fileName: "sum.gift" } });
    expect(imported.status()).toBe(201);
    const { quiz: draft } = await imported.json();
    for (const format of ["json", "csv", "gift", "apkg"]) expect((await member.get(`/api/v1/quizzes/${draft.slug}/export?format=${format}`)).status()).toBe(200);
    expect((await member.get(`/api/v1/quizzes/${draft.slug}/export?format=xml`)).status()).toBe(422);
    expect((await member.get(`/api/v1/quizzes/${QUIZ}/export`)).status()).toBe(403);
    expect((await anon.get(`/api/v1/quizzes/${QUIZ}/export`)).status()).toBe(401);

    // Challenges: created by a member, played by a guest, read back by the owner only.
    const closesAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    expect((await anon.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt } })).status()).toBe(401);
    expect((await member.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt: "soon" } })).status()).toBe(422);
    expect((await member.post("/api/v1/challenges", { data: { quiz: "no-such-quiz", closesAt } })).status()).toBe(404);
    const created = await member.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt } });
    expect(created.status()).toBe(201);
    const { code } = await created.json();
    expect((await anon.get(`/api/v1/challenges/${code}`)).status()).toBe(200);
    expect((await anon.get("/api/v1/challenges/ZZZZZZZZ")).status()).toBe(404);
    const played = await anon.post(`/api/v1/challenges/${code}/attempts`, { data: { nickname: "Challenger" } });
    expect(played.status()).toBe(201);
    const first = await played.json();
    await anon.post(`/api/v1/attempts/${first.attemptId}/answers`, { data: { questionId: first.question.id, answer: null } });
    await anon.post(`/api/v1/attempts/${first.attemptId}/finish`);
    for (const path of [`/api/v1/challenges/${code}/results`, `/api/v1/challenges/${code}/report`]) {
      expect((await member.get(path)).status()).toBe(200);
      expect((await member.get(`${path}?format=csv`)).status()).toBe(200);
      expect((await member.get(`${path}?format=xml`)).status()).toBe(422);
      expect((await anon.get(path)).status()).toBe(401);
      expect((await other.get(path)).status()).toBe(403);
    }
    expect((await member.get(`/api/v1/challenges/${code}/report?format=xlsx`)).status()).toBe(200);

    // A live game's report: nobody but its host (see report.spec.ts for the host's 200).
    expect((await anon.get(`/api/v1/games/${NO_ID}/report`)).status()).toBe(401);
    expect((await member.get(`/api/v1/games/${NO_ID}/report`)).status()).toBe(404);

    // Study.
    expect((await anon.get("/api/v1/study/due")).status()).toBe(401);
    const questionId = quiz.questions[0].id;
    expect((await member.post("/api/v1/study/reviews", { data: { questionId, rating: "perfect", clientReviewId: "contract-0001" } })).status()).toBe(422);
    expect((await member.post("/api/v1/study/reviews", { data: { questionId: NO_ID, rating: "good", clientReviewId: "contract-0001" } })).status()).toBe(404);
    expect((await member.post("/api/v1/study/reviews", { data: { questionId, rating: "good", clientReviewId: "contract-0002", durationMs: 3000 } })).status()).toBe(201);
    expect((await member.get(`/api/v1/study/due?quiz=${QUIZ}&limit=10`)).status()).toBe(200);
    expect((await member.get("/api/v1/study/due?limit=0")).status()).toBe(422);
    expect((await member.get("/api/v1/study/stats")).status()).toBe(200);
    expect((await anon.get("/api/v1/study/stats")).status()).toBe(401);
    expect((await member.post("/api/v1/study/guest-progress", { data: { cards: [], reviews: [] } })).status()).toBe(200);
    expect((await member.post("/api/v1/study/guest-progress", { data: { cards: "all" } })).status()).toBe(422);

    // Classes: the teacher's; a guest signs in first, another member finds nothing.
    expect((await anon.get("/api/v1/classes")).status()).toBe(401);
    expect((await member.post("/api/v1/classes", { data: { name: "" } })).status()).toBe(422);
    const made = await member.post("/api/v1/classes", { data: { name: "Contract class", subject: "Geography" } });
    expect(made.status()).toBe(201);
    const cls = (await made.json()) as { id: string };
    expect((await member.get("/api/v1/classes")).status()).toBe(200);
    for (const path of [`/api/v1/classes/${cls.id}`, `/api/v1/classes/${cls.id}/roster`, `/api/v1/classes/${cls.id}/assignments`, `/api/v1/classes/${cls.id}/gradebook`]) {
      expect((await member.get(path)).status()).toBe(200);
      expect((await anon.get(path)).status()).toBe(401);
      expect((await other.get(path)).status()).toBe(404);
    }
    expect((await member.post(`/api/v1/classes/${cls.id}/assignments`, { data: { challenge: "ZZZZZZZZ" } })).status()).toBe(404);
    expect((await member.post(`/api/v1/classes/${cls.id}/assignments`, { data: {} })).status()).toBe(422);
    expect((await member.post(`/api/v1/classes/${cls.id}/assignments`, { data: { challenge: code } })).status()).toBe(201);
    expect((await member.get(`/api/v1/classes/${cls.id}/gradebook?format=csv`)).status()).toBe(200);
    expect((await member.get(`/api/v1/classes/${cls.id}/gradebook?format=xlsx`)).status()).toBe(200);
    expect((await member.get(`/api/v1/classes/${cls.id}/gradebook?format=pdf`)).status()).toBe(422);
    expect((await other.delete(`/api/v1/classes/${cls.id}`)).status()).toBe(404);
    expect((await member.delete(`/api/v1/classes/${cls.id}`)).status()).toBe(204);
    expect((await member.get(`/api/v1/classes/${cls.id}`)).status()).toBe(404);

    // Every operation's success was checked here, but the live game report's.
    const succeeded = contract.operations().filter((op) => [...contract.covered].some((c) => c.startsWith(`${op} 20`)));
    expect(contract.operations().filter((op) => !succeeded.includes(op))).toEqual(["GET /api/v1/games/{gameId}/report"]);
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
});
