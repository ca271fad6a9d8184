import { expect, test } from "@playwright/test";
import { apiContent, hostileFiles } from "../src/test/hostile-imports";
import { signUpByApi } from "./accounts";

/**
 * Each hostile import file against the running server: while it is being read (in the import
 * worker), /api/health keeps answering, and the import answers import_failed with a reason at
 * line 0, never a 500. No wall-clock limits: the order of the answers is what is checked (a
 * health check sent after the import answers before it), which fails whenever the import holds
 * the server's thread. A refusal quicker than ten health checks is not ordered (see below).
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.metadata.backend === "postgres", "reading a file does not touch the database; PGlite covers it");
});

for (const file of hostileFiles()) {
  test(`hostile import ${file.name}: the server keeps answering; the import is refused with a reason`, async ({ playwright, baseURL }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    await signUpByApi(request, baseURL!);
    const content = apiContent(await file.make());
    // How long a health check takes here and now, before the import: the quickest of three.
    const single: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      expect((await request.get("/api/health")).status()).toBe(200);
      single.push(performance.now() - t);
    }

    let importDone = 0;
    const started = performance.now();
    const importing = request
      .post("/api/v1/imports", { data: { format: file.format, content, fileName: file.fileName }, timeout: 90_000 })
      .then((res) => {
        importDone = performance.now();
        return res;
      });
    // Health checks one after the other while the import runs (at least one, even if it is quick).
    const health: { status: number; at: number }[] = [];
    do {
      const res = await request.get("/api/health", { timeout: 90_000 });
      health.push({ status: res.status(), at: performance.now() });
      await new Promise((r) => setTimeout(r, 25));
    } while (!importDone && performance.now() - started < 90_000);

    const res = await importing;
    expect(res.status(), await res.text()).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("import_failed");
    expect(body.error.lines.length).toBeGreaterThan(0);
    for (const line of body.error.lines) expect(typeof line.reason === "string" && line.reason.length > 10).toBe(true);
    expect(health.every((h) => h.status === 200)).toBe(true);
    // A health check sent after the import answered before it. Only asserted for an import that
    // took ten health checks' time (and at least 200 ms): one refused sooner (a 3 KB file, or a
    // 3 MB one refused by its first bytes) may answer before a health check sent beside it comes
    // back, and that order says nothing. An import that holds the server's thread holds the
    // health check with it: it answers first, and takes far longer than ten health checks.
    if (importDone - started > Math.max(200, 10 * Math.min(...single))) expect(health[0]!.at).toBeLessThan(importDone);
    await request.dispose();
  });
}
