import { expect, test } from "../fixtures";

/**
 * The shipped default: a guest may start 30 solo attempts a minute. The other e2e servers raise
 * the limit (playwright.config.ts); this server keeps it, so the default itself is tested.
 */
test("a guest starting a 31st attempt within a minute is rate_limited with Retry-After", async ({ playwright, baseURL }) => {
  // quizdeck.test resolves only inside Chromium; this request goes to the same server by address.
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${new URL(baseURL ?? "").port}` });
  const start = () => request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "Speedy" } });
  const first = await start();
  expect(first.status(), await first.text()).toBe(201);
  for (let i = 1; i < 30; i++) expect((await start()).status()).toBe(201);
  const over = await start();
  expect(over.status()).toBe(429);
  expect((await over.json()).error.code).toBe("rate_limited");
  expect(Number(over.headers()["retry-after"])).toBeGreaterThan(0);
  await request.dispose();
});
