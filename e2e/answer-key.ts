import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * The demo quizzes' answer keys, read from the seed files in the repository. The browser never
 * gets them; the tests use them to answer right or wrong on purpose.
 */
export type KeyedQuestion =
  | { type: "single"; prompt: string; options: string[]; correct: number }
  | { type: "multiple"; prompt: string; options: string[]; correct: number[] }
  | { type: "boolean"; prompt: string; correct: boolean }
  | { type: "text"; prompt: string; accepted: string[] }
  | { type: "order"; prompt: string; items: string[] }
  | { type: "number"; prompt: string; answer: number; min: number; max: number; tolerance: number };

const dir = path.resolve("src/db/seed/quizzes");
const byPrompt = new Map<string, KeyedQuestion>();
for (const file of readdirSync(dir)) {
  const quiz = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { questions: KeyedQuestion[] };
  for (const q of quiz.questions) byPrompt.set(q.prompt.trim(), q);
}

export function keyFor(prompt: string): KeyedQuestion {
  const q = byPrompt.get(prompt.trim());
  if (!q) throw new Error(`no answer key for "${prompt}"`);
  return q;
}

/** Answers the question on screen, right or wrong, with the mouse or the keyboard. */
export async function answer(page: Page, q: KeyedQuestion, right: boolean, via: "mouse" | "keyboard") {
  switch (q.type) {
    case "single": {
      const pick = right ? q.correct : (q.correct + 1) % q.options.length;
      if (via === "keyboard") await page.keyboard.press(String(pick + 1));
      else await page.getByRole("radio", { name: q.options[pick], exact: true }).click();
      break;
    }
    case "multiple": {
      const picks = right ? q.correct : [q.options.findIndex((_, i) => !q.correct.includes(i))];
      for (const i of picks) {
        if (via === "keyboard") await page.keyboard.press(String(i + 1));
        else await page.getByRole("checkbox", { name: q.options[i], exact: true }).click();
      }
      break;
    }
    case "boolean": {
      const value = right ? q.correct : !q.correct;
      if (via === "keyboard") await page.keyboard.press(value ? "1" : "2");
      else await page.getByRole("radio", { name: value ? "True" : "False", exact: true }).click();
      break;
    }
    case "text":
      await page.getByLabel("Your answer").fill(right ? `  ${q.accepted[0]!.toUpperCase()} ` : "definitely wrong");
      break;
    case "number":
      await page.getByLabel(/A number between/).fill(String(right ? q.answer : q.answer === q.min ? q.max : q.min));
      break;
    case "order": {
      const target = right ? q.items : [...q.items].reverse();
      const list = page.locator("[data-order-item]");
      // The order input loads with the first order question: read the list once it is there.
      await expect(list).toHaveCount(target.length);
      for (let k = 0; k < target.length; k++) {
        const texts = await list.locator("button.flex-1").allInnerTexts();
        let at = texts.indexOf(target[k]!);
        while (at > k) {
          if (via === "keyboard") {
            await list.nth(at).locator("button.flex-1").focus();
            await page.keyboard.press("ArrowUp");
          } else {
            await page.getByRole("button", { name: `Move ${target[k]} up`, exact: true }).click();
          }
          at--;
          await expect(list.nth(at).locator("button.flex-1")).toHaveText(target[k]!);
        }
      }
      break;
    }
  }
  if (via === "keyboard" && q.type !== "text" && q.type !== "number" && q.type !== "order") await page.keyboard.press("Enter");
  // Solo play answers single choice and true/false with the tap itself (no Submit); study still checks.
  else if ((q.type !== "single" && q.type !== "boolean") || (await page.getByTestId("submit").count()) > 0) await page.getByTestId("submit").click();
}
