import path from "node:path";
import { signUpByApi, signUp } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * The importer as a member uses it, with the sample files of samples/import (their README lists
 * what each holds): a preview before anything is saved, every problem with its line or row, a
 * failed import saving nothing, and a draft in the editor after importing.
 */
const samples = path.resolve(process.cwd(), "samples/import");

const FORMATS = [
  { name: "Quizdeck JSON", valid: "quizdeck.json", count: 6, broken: "json-with-errors.json", lines: [14, 20, 26, 30, 37], kept: 1 },
  { name: "CSV", valid: "quizdeck.csv", count: 6, broken: "csv-with-errors.csv", lines: [3, 4, 5, 6, 7, 8], kept: 1, rows: true },
  { name: "Moodle GIFT", valid: "moodle.gift", count: 9, broken: "gift-with-errors.gift", lines: [11, 17, 23, 27, 29], kept: 3 },
  { name: "Aiken", valid: "aiken.txt", count: 6, broken: "aiken-with-errors.txt", lines: [7, 13, 17], kept: 2 },
  { name: "Open Trivia DB", valid: "opentdb.json", count: 6, broken: "opentdb-with-errors.json", lines: [12, 20, 27, 35], kept: 2 },
  { name: "Kahoot! spreadsheet", valid: "kahoot.xlsx", count: 6, broken: "kahoot-with-errors.xlsx", lines: [10, 11, 12, 13], kept: 2, rows: true },
];

for (const f of FORMATS) {
  test(`${f.name}: a valid file imports as a draft; a broken one reports every problem with its ${f.rows ? "row" : "line"}`, async ({ page }) => {
    test.setTimeout(60_000);
    await signUp(page);
    const word = f.rows ? "Row" : "Line";

    // Broken file: the preview lists each problem; importing without leaving them out saves nothing.
    await page.goto("/import");
    await page.getByLabel("File").setInputFiles(path.join(samples, f.broken));
    await page.getByTestId("import-preview").click();
    const problems = page.getByTestId("import-problems");
    await expect(problems).toBeVisible();
    const labels = await problems.getByTestId("problem-list").locator("li > span:first-child").allTextContents();
    expect(labels).toEqual(f.lines.map((l) => `${word} ${l}`));
    await page.getByTestId("import-submit").click();
    const failure = page.getByTestId("import-failure");
    await expect(failure).toBeVisible();
    await expect(failure.getByTestId("problem-list").locator("li")).toHaveCount(f.lines.length);
    await expect(page).toHaveURL(/\/import$/);

    // Leaving them out imports the rest.
    await page.getByLabel("Leave out questions with problems").check();
    await page.getByTestId("import-submit").click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9-]+\/edit$/);
    await expect(page.getByTestId("question-card")).toHaveCount(f.kept);
    await expect(page.getByTestId("quiz-status")).toHaveText("Draft");

    // Valid file: preview, then a draft with every question.
    await page.goto("/import");
    await page.getByLabel("File").setInputFiles(path.join(samples, f.valid));
    await page.getByTestId("import-preview").click();
    await expect(page.getByTestId("import-preview-result")).toContainText(`${f.count} questions ready, no problems`);
    await page.getByTestId("import-submit").click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9-]+\/edit$/);
    await expect(page.getByTestId("question-card")).toHaveCount(f.count);
  });
}

test("a file that is not UTF-8 or is larger than 5 MB is refused with a clear message", async ({ page }) => {
  await signUp(page);
  await page.goto("/import");
  await page.getByLabel("File").setInputFiles({ name: "latin1.gift", mimeType: "text/plain", buffer: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x7b, 0x54, 0x7d]) });
  await expect(page.getByTestId("import-failure")).toContainText("The file is not UTF-8 text");
  await expect(page.getByTestId("import-preview")).toBeDisabled();
  await page.getByLabel("File").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) });
  await expect(page.getByTestId("import-failure")).toContainText("at most 5 MB");
  // The API says the same to a script.
  const res = await page.request.post("/api/v1/imports", { data: { format: "csv", content: "a".repeat(5 * 1024 * 1024 + 1) } });
  expect(res.status()).toBe(422);
  const body = await res.json();
  expect(body.error.code).toBe("import_failed");
  expect(body.error.lines[0].reason).toMatch(/at most 5 MB/);
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });
  test("each line's problem is said in Spanish, with its number, field and limit", async ({ page, baseURL }) => {
    await signUpByApi(page.request, baseURL!);
    await page.goto("/import");
    const csv = [
      "type,prompt,option1,option2,option3,correct,time_limit",
      "single,Which planet is largest?,Jupiter,Mars,Venus,1,",
      "single,Which planet is red?,Mars,,,1,",
      "boolean,The Sun is a star.,,,,true,300",
    ].join("\n");
    await page.getByLabel("Archivo").setInputFiles({ name: "planetas.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) });
    await page.getByTestId("import-preview").click();
    const list = page.getByTestId("import-problems").getByTestId("problem-list");
    const expected = [
      ["Fila 3", "Pregunta 2: necesita al menos 2 opciones (tiene 1)"],
      ["Fila 4", "Pregunta 3: el tiempo límite debe ser un número entero de segundos entre 5 y 240 (hay 300)"],
    ];
    await expect(list.locator("li")).toHaveCount(2);
    const said = async (root: typeof list) =>
      root.locator("li").evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll(":scope > span")].map((s) => s.textContent ?? "")));
    expect(await said(list)).toEqual(expected);
    // None of the importer's English reaches the page.
    await expect(list).not.toContainText(/Question|needs at least|time limit|found/);

    // The refused import lists the same lines, in Spanish too.
    await page.getByTestId("import-submit").click();
    const failed = page.getByTestId("import-failure").getByTestId("problem-list");
    await expect(failed.locator("li")).toHaveCount(2);
    expect(await said(failed)).toEqual(expected);
  });
});
