import { signUp } from "./accounts";
import { expect, test } from "./fixtures";
import { importQuiz, LIVE_QUIZ } from "./live-helpers";

/**
 * The editor's Export menu stays inside the window on a phone, where a long title makes the
 * toolbar wrap (it opened at x −118..58 before: src/core/menu-position.ts).
 */
test("the Export menu opens inside a 390 px window when the toolbar wraps", async ({ page, baseURL }) => {
  test.skip(test.info().project.metadata.backend === "postgres", "layout only");
  test.setTimeout(120_000);
  await signUp(page);
  const title = "A very long quiz title that makes the editor's toolbar wrap onto a second row on a phone";
  const slug = await importQuiz(page, baseURL!, { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title } });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/quiz/${slug}/edit`);
  await page.getByTestId("export-menu").click();
  const menu = page.getByTestId("export-formats");
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(menu.getByRole("link", { name: "Moodle GIFT" })).toBeInViewport({ ratio: 1 });
});
