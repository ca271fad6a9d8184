import { expect, type Page } from "@playwright/test";

/**
 * After clicking Publish: waits for the "Published" message and reads the quiz's address from its
 * link (the first publish renames the quiz after its title and reopens the editor there).
 */
export async function publishedSlug(page: Page): Promise<string> {
  const status = page.getByRole("status").filter({ hasText: "Published" });
  await expect(status).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("quiz-status")).not.toHaveText("Draft");
  const href = (await status.getByRole("link", { name: "Open" }).getAttribute("href")) ?? "";
  await expect(page).toHaveURL(new RegExp(`${href}/edit$`));
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  return href.replace(/^\/quiz\//, "");
}
