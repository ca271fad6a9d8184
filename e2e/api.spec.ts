import { expect, test } from "@playwright/test";

test("GET /api/health reports ok and the database in use", async ({ request }, testInfo) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", database: testInfo.project.metadata.backend });
});

test("GET /api/v1/quizzes lists, searches, filters and pages", async ({ request }) => {
  const all = await (await request.get("/api/v1/quizzes?limit=100")).json();
  expect(all.total).toBeGreaterThanOrEqual(12);
  expect(Object.keys(all.items[0]).sort()).toEqual(
    ["author", "category", "createdAt", "description", "difficulty", "language", "playCount", "questionCount", "questionTypes", "rating", "slug", "title"].sort(),
  );
  const found = await (await request.get("/api/v1/quizzes?q=olympic")).json();
  expect(found.items[0].slug).toBe("olympic-games-history");
  const numbers = await (await request.get("/api/v1/quizzes?type=number&difficulty=easy&sort=new&limit=2&page=1")).json();
  expect(numbers.items.length).toBeLessThanOrEqual(2);
  for (const q of numbers.items) {
    expect(q.questionTypes).toContain("number");
    expect(q.difficulty).toBe("easy");
  }
});

test("bad list parameters answer 422 validation_failed naming the field", async ({ request }) => {
  const res = await request.get("/api/v1/quizzes?limit=101&sort=random");
  expect(res.status()).toBe(422);
  const body = await res.json();
  expect(body.error.code).toBe("validation_failed");
  expect(Object.keys(body.error.fields).sort()).toEqual(["limit", "sort"]);
});

test("GET /api/v1/quizzes/{slug} returns every question with no answer key", async ({ request }) => {
  const list = await (await request.get("/api/v1/quizzes?limit=100")).json();
  for (const { slug } of list.items) {
    const res = await request.get(`/api/v1/quizzes/${slug}`);
    expect(res.status()).toBe(200);
    const text = await res.text();
    for (const key of ['"correct"', '"accepted"', '"answer"', '"tolerance"', '"explanation"']) expect(text, slug).not.toContain(key);
    const quiz = JSON.parse(text);
    expect(quiz.questions.length).toBeGreaterThan(0);
  }
});

test("unknown quizzes and unknown endpoints answer not_found in the error shape", async ({ request }) => {
  for (const path of ["/api/v1/quizzes/no-such-quiz", "/api/v1/no-such-endpoint"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    const body = await res.json();
    expect(body.error.code).toBe("not_found");
    expect(typeof body.error.message).toBe("string");
  }
});

test("the OpenAPI document describes every route", async ({ request }) => {
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths).sort()).toEqual(
    [
      "/api/health",
      "/api/v1/attempts/{id}",
      "/api/v1/attempts/{id}/answers",
      "/api/v1/attempts/{id}/finish",
      "/api/v1/attempts/{id}/hint",
      "/api/v1/challenges",
      "/api/v1/challenges/{code}",
      "/api/v1/challenges/{code}/attempts",
      "/api/v1/challenges/{code}/report",
      "/api/v1/challenges/{code}/results",
      "/api/v1/classes",
      "/api/v1/classes/{id}",
      "/api/v1/classes/{id}/assignments",
      "/api/v1/classes/{id}/gradebook",
      "/api/v1/classes/{id}/roster",
      "/api/v1/games/{gameId}/report",
      "/api/v1/imports",
      "/api/v1/quizzes",
      "/api/v1/quizzes/{slug}",
      "/api/v1/quizzes/{slug}/attempts",
      "/api/v1/quizzes/{slug}/export",
      "/api/v1/quizzes/{slug}/leaderboard",
      "/api/v1/study/due",
      "/api/v1/study/guest-progress",
      "/api/v1/study/reviews",
      "/api/v1/study/stats",
    ].sort(),
  );
  expect(doc.paths["/api/v1/attempts/{id}/answers"].post.requestBody.content["application/json"].schema.required).toEqual(
    expect.arrayContaining(["questionId", "answer"]),
  );
  const params = doc.paths["/api/v1/quizzes"].get.parameters.map((p: { name: string }) => p.name);
  expect(params).toEqual(expect.arrayContaining(["q", "category", "difficulty", "language", "type", "sort", "page", "limit"]));
});

test("the solo-play API: start, answer, hint, finish, leaderboard", async ({ request }) => {
  const bad = await request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "" } });
  expect(bad.status()).toBe(422);
  expect((await bad.json()).error.fields.nickname).toBeTruthy();
  const notJson = await request.post("/api/v1/quizzes/world-capitals/attempts", { form: { nickname: "Form" } });
  expect(notJson.status()).toBe(422);

  const started = await request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "Script" } });
  expect(started.status()).toBe(201);
  const { attemptId, question } = await started.json();
  expect(question.position).toBe(0);
  const hint = await (await request.post(`/api/v1/attempts/${attemptId}/hint`)).json();
  expect(hint.questionId).toBe(question.id);

  const wrongShape = await request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer: { x: 1 } } });
  expect(wrongShape.status()).toBe(422);

  const answered = await (await request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer: null, usedHint: true } })).json();
  expect(answered).toMatchObject({ correct: false, points: 0, streak: 0, score: 0, finished: false });
  expect(answered.correctAnswer).toBeDefined();
  expect(answered.next.position).toBe(1);

  const finished = await (await request.post(`/api/v1/attempts/${attemptId}/finish`)).json();
  expect(finished).toMatchObject({ attemptId, score: 0, correctCount: 0 });
  const board = await (await request.get("/api/v1/quizzes/world-capitals/leaderboard")).json();
  expect(board.viewer).toMatchObject({ nickname: "Script", score: 0 });

  const stranger = await request.get(`/api/v1/attempts/00000000-0000-4000-8000-000000000000`);
  expect(stranger.status()).toBe(404);
});
