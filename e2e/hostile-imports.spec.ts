import { expect, test } from "@playwright/test";
import { apiContent, hostileFiles } from "../src/test/hostile-imports";
import { signUpByApi } from "./accounts";

/**
 * Each hostile import file against the running server: while it is being read (in the import
 * worker), /api/health keeps answering, and the import answers import_failed with a reason at
 * line 0, never a 500. No wall-clock limits: the order of the answers is what is checked (health
 * checks sent after the import answer before it), which fails whenever reading the file holds the
 * server's thread. A refusal quicker than ten health checks is not ordered (see below).
 * The import and the health checks go straight from this process to the server (Node's fetch):
 * through Playwright's request client, a 3 MB body crosses its driver's channel first, and a
 * health check queued behind it there says nothing about the server.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.metadata.backend === "postgres", "reading a file does not touch the database; PGlite covers it");
});

for (const file of hostileFiles()) {
  test(`hostile import ${file.name}: the server keeps answering; the import is refused with a reason`, async ({ playwright, baseURL }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    await signUpByApi(request, baseURL!);
    const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    await request.dispose();
    const origin = new URL(baseURL!).origin;
    const health = async () => (await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(90_000) })).status;
    const content = apiContent(await file.make());
    // How long the loop below takes for five health checks here and now, before the import.
    const before = performance.now();
    for (let i = 0; i < 5; i++) {
      expect(await health()).toBe(200);
      await new Promise((r) => setTimeout(r, 25));
    }
    const fiveChecks = performance.now() - before;

    let importDone = 0;
    const started = performance.now();
    const importing = fetch(`${origin}/api/v1/imports`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify({ format: file.format, content, fileName: file.fileName }),
      signal: AbortSignal.timeout(90_000),
    }).then((res) => {
      importDone = performance.now();
      return res;
    });
    // Health checks one after the other while the import runs (at least one, even if it is quick).
    const checks: { status: number; at: number }[] = [];
    do {
      const status = await health();
      checks.push({ status, at: performance.now() });
      await new Promise((r) => setTimeout(r, 25));
    } while (!importDone && performance.now() - started < 90_000);

    const res = await importing;
    const text = await res.text();
    expect(res.status, text).toBe(422);
    const body = JSON.parse(text) as { error: { code: string; lines: { reason?: unknown }[] } };
    expect(body.error.code).toBe("import_failed");
    expect(body.error.lines.length).toBeGreaterThan(0);
    for (const line of body.error.lines) expect(typeof line.reason === "string" && line.reason.length > 10).toBe(true);
    expect(checks.every((h) => h.status === 200)).toBe(true);
    // Health checks sent after the import answered before it: at least two, for an import that
    // took as long as ten checks took just before it (and 200 ms). A reader that holds the
    // server's thread (a parser run there, not in the import worker) holds the checks with it:
    // the first may get in while the file is still being sent, the next waits for the import's
    // answer. A quicker refusal (a 3 KB file, or a 3 MB one refused by its first bytes) may answer
    // before a check sent beside it comes back, and that order says nothing. A short hold before
    // the reading starts is not seen: the checks queued behind it are answered while the worker reads.
    if (importDone - started > Math.max(200, 2 * fiveChecks)) {
      expect(checks.filter((h) => h.at < importDone).length, JSON.stringify({ fiveChecks, import: importDone - started, checks: checks.map((h) => h.at - started) })).toBeGreaterThanOrEqual(2);
    }
  });
}
