import axe from "axe-core";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 A and AA rules. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * The rules whose outcome depends on colours: the only ones a second colour scheme can change
 * (names, roles, structure and sizes are the same in both). The dark pass runs just these, which
 * keeps a walk in both themes about half again as long as one, instead of twice.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core run in the page through its own public API: its source injected once per document, then
 * `axe.run`. @axe-core/playwright's `analyze()` injects the source again on every call and finishes
 * each run in a new blank page, about a second per call on a 2-core machine, more than most runs
 * take (docs/benchmarks.md); the app has no frames, which is all that way of running adds.
 * Violations come back in full; of the rules that passed or did not apply only their names (axe's
 * `resultTypes`).
 */
async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axe.source);
  const arg: { options: RunOptions; include: string | null } = { options: { ...options, resultTypes: ["violations"] }, include: include ?? null };
  return page.evaluate(({ options, include }) => (window as unknown as { axe: typeof axe }).axe.run(include ?? document, options), arg);
}

/** axe's violations on `page` (or the part `include` selects) in the theme it shows now: every rule in light, the colour rules in dark. */
export async function axeViolations(page: Page, scheme: "light" | "dark", include?: string) {
  const options: RunOptions =
    scheme === "light" ? { runOnly: { type: "tag", values: AXE_TAGS } } : { runOnly: { type: "rule", values: COLOUR_RULES } };
  return (await runAxe(page, options, include)).violations;
}

/** The serious and critical violations of every axe rule on `page`, a line each: where, rule, elements. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await runAxe(page, {});
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
