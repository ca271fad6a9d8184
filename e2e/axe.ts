import AxeBuilder from "@axe-core/playwright";
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
 * An axe run on `page` that sends back its violations in full and of the rules that passed or did
 * not apply only their names (axe's `resultTypes`), which takes about a seventh less time than
 * sending every node of every rule (docs/benchmarks.md).
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ["violations"] });

/** axe's violations on `page` (or the part `include` selects) in the theme it shows now: every rule in light, the colour rules in dark. */
export async function axeViolations(page: Page, scheme: "light" | "dark", include?: string) {
  // options() first: withTags and withRules add to what it set.
  let builder = axeOn(page);
  if (include) builder = builder.include(include);
  builder = scheme === "light" ? builder.withTags(AXE_TAGS) : builder.withRules(COLOUR_RULES);
  return (await builder.analyze()).violations;
}

/** The serious and critical violations of every axe rule on `page`, a line each: where, rule, elements. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await axeOn(page).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
