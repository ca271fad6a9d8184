import { signUp } from "./accounts";
import { expect, test } from "./fixtures";
import { importQuiz } from "./live-helpers";

/**
 * Partial credit (docs/rules.md, "Partial credit"): Moodle's own example imported with its
 * weights; the editor shows them and edits one; solo play scores a 30 % answer as 300 of 1000
 * points ("partly right"); the GIFT export writes the weights back.
 */
const WEIGHTS_QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Partial credit",
    description: "Moodle's weights.",
    category: "history",
    language: "en",
    timeLimit: 60,
    speedBonus: false,
    streakBonus: false,
    visibility: "public",
    questions: [
      { type: "text", prompt: "Jesus Christ was from", accepted: ["Nazareth", "Nazereth", "Bethlehem"], acceptedWeights: [100, 75, 25] },
      { type: "single", prompt: "Which is half right?", options: ["Right", "Half", "Wrong"], correct: 0, optionWeights: [100, 50, 0] },
    ],
  },
};

test("weights: the editor shows and edits them, solo play scores them, GIFT export writes them", async ({ page, baseURL }) => {
  test.skip(test.info().project.metadata.backend === "postgres", "no storage path of its own");
  test.setTimeout(180_000);
  await signUp(page);
  const slug = await importQuiz(page, baseURL!, WEIGHTS_QUIZ);

  // ——— the editor ———
  await page.goto(`/quiz/${slug}/edit`);
  await expect(page.locator("#q0-weight-accepted-1")).toHaveValue("75");
  await expect(page.locator("#q0-weight-accepted-2")).toHaveValue("25");
  await expect(page.locator("#q1-weight-option-1")).toHaveValue("50");
  // The correct option has no weight of its own: it is worth 100 %.
  await expect(page.locator("#q1-weight-option-0")).toHaveCount(0);
  await page.locator("#q0-weight-accepted-2").fill("30");
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.getByTestId("publish").click();
  await expect(page.getByTestId("quiz-status")).toHaveText("Published", { timeout: 20_000 });

  // ——— solo play: Bethlehem earns 30 %, the half option 50 % ———
  await page.goto(`/quiz/${slug}`);
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill("Solo");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await page.locator("#text-answer").fill("bethlehem");
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "false");
  await expect(page.getByTestId("feedback")).toContainText("+300");
  await page.getByTestId("continue").click();
  await page.getByTestId("one-tap").getByRole("radio", { name: "Half", exact: true }).click();
  await expect(page.getByTestId("feedback")).toContainText("+500");
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/results\//, { timeout: 15_000 });

  // ——— GIFT and JSON exports keep them ———
  const gift = await page.evaluate(async (s) => (await fetch(`/api/v1/quizzes/${s}/export?format=gift`)).text(), slug);
  expect(gift).toContain("=%75%Nazereth");
  expect(gift).toContain("=%30%Bethlehem");
  expect(gift).toContain("~%50%Half");
  const json = JSON.parse(await page.evaluate(async (s) => (await fetch(`/api/v1/quizzes/${s}/export?format=json`)).text(), slug)) as { quiz: { questions: Record<string, unknown>[] } };
  expect(json.quiz.questions[0]).toMatchObject({ acceptedWeights: [100, 75, 30] });
  expect(json.quiz.questions[1]).toMatchObject({ optionWeights: [100, 50, 0] });
});
