import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseImport } from "../src/core/import/index";
import { signUp } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Anki decks in and out through the browser: a quiz exported from its editor as .apkg, that file
 * imported on /import (the format found from the name), and the draft holding the same questions,
 * as typed-recall cards, at the desktop size. Also: a 50 MB .apkg is refused before it is read.
 */
const sample = path.resolve(process.cwd(), "samples/import/quizdeck.json");

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.metadata.backend === "postgres", "reading and writing a deck does not touch the database beyond a draft; PGlite covers it");
});

test("an .apkg round trip: export from the editor, import on /import, the same questions in the draft", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page);
  // The quiz to export: the six-type JSON sample, imported through the API as this member's draft.
  const made = await page.request.post("/api/v1/imports", { data: { format: "json", content: readFileSync(sample, "utf8"), fileName: "quizdeck.json" } });
  expect(made.status(), await made.text()).toBe(201);
  const { slug } = (await made.json()).quiz as { slug: string };
  const original = (await (await page.request.get(`/api/v1/quizzes/${slug}/export?format=json`)).json()).quiz as { title: string; questions: { prompt: string }[] };

  // Export from the editor's menu.
  await page.goto(`/quiz/${slug}/edit`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    (async () => {
      await page.locator("summary", { hasText: "Export" }).click();
      await page.getByRole("link", { name: "Anki deck (.apkg)" }).click();
    })(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}.apkg`);
  const file = testInfo.outputPath(`${slug}.apkg`);
  await download.saveAs(file);
  const bytes = new Uint8Array(readFileSync(file));
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  // What the importer makes of it, read here with the same reader, is what the draft must hold.
  const expected = await parseImport("apkg", bytes, { fileName: `${slug}.apkg` });
  expect(expected.questions.length + expected.problems.length).toBe(original.questions.length);
  expect(expected.questions.length).toBeGreaterThanOrEqual(5);
  for (const q of expected.questions) expect(q.question.prompt.split("\n")[0]).toBe(original.questions[q.line - 1]?.prompt.split("\n")[0]);

  // Import it on the import page: the format is found from the name.
  await page.goto("/import");
  await page.getByLabel("File").setInputFiles(file);
  await expect(page.getByLabel("Format")).toHaveValue("apkg");
  await page.getByTestId("import-preview").click();
  const preview = page.getByTestId("import-preview-result");
  await expect(preview).toContainText(original.title);
  await expect(preview).toContainText(`${expected.questions.length} questions ready`);
  await expect(preview.getByText(/^Note 1 ·/).first()).toBeVisible();
  if (expected.problems.length > 0) await page.getByLabel("Leave out questions with problems").check();
  await page.getByTestId("import-submit").click();
  // Saving the draft waits its turn behind other imports on a busy machine.
  await expect(page).toHaveURL(/\/quiz\/[a-z0-9-]+\/edit$/, { timeout: 30_000 });
  await expect(page.getByTestId("question-card")).toHaveCount(expected.questions.length);
  await expect(page.getByTestId("quiz-status")).toHaveText("Draft");
  for (const [i, q] of expected.questions.entries()) await expect(page.locator(`#q${i}-prompt`)).toHaveValue(q.question.prompt);

  // And the draft, read through the API, holds the same questions and answers.
  const draftSlug = page.url().match(/\/quiz\/([a-z0-9-]+)\/edit$/)?.[1];
  const draft = (await (await page.request.get(`/api/v1/quizzes/${draftSlug}/export?format=json`)).json()).quiz as { questions: unknown[] };
  expect(draft.questions).toEqual(expected.questions.map((q) => expect.objectContaining(q.question)));
});

test("a 50 MB .apkg is refused before it is read: by the page, and by the API's body limit", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/import");
  const huge = testInfo.outputPath("huge.apkg");
  writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 0x50));
  await page.getByLabel("File").setInputFiles(huge);
  await expect(page.getByTestId("import-failure")).toContainText("The file is 50.0 MB; an import file may be at most 5 MB.");
  await expect(page.getByTestId("import-preview")).toBeDisabled();

  // The API: a request declaring the 50 MB file's length as base64 is answered from the declared
  // length alone, before any of the body is read.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const length = 40 + Math.ceil((50 * 1024 * 1024) / 3) * 4;
  const res = await rawPost(new URL("/api/v1/imports", page.url()), { cookie, "content-length": String(length) });
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body).error.code).toBe("payload_too_large");
  // The server is still answering.
  expect((await page.request.get("/api/health")).status()).toBe(200);
});

function rawPost(url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered; the answer came first.
      if (err.code !== "EPIPE" && err.code !== "ECONNRESET") reject(err);
    });
    req.end();
  });
}
