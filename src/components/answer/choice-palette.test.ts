import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { contrastRatio, deltaE, oklchToLinearRgb, simulate, type Rgb, type Vision } from "@/test/colour-vision";
import { CHOICE_PALETTE } from "./choice-palette";

/**
 * The answer tiles' colours stay apart for people with the common colour-vision deficiencies, and
 * their letters stay readable (docs/accessibility.md, "Answer tiles"). Letters and shapes tell the
 * tiles apart anyway; the colours must not mislead where they are all someone sees at a glance.
 */
const theme = readFileSync(createRequire(import.meta.url).resolve("tailwindcss/theme.css"), "utf8");
function themeColour(name: string): Rgb {
  if (name === "white") return [1, 1, 1];
  const m = new RegExp(`--color-${name}:\\s*(oklch\\([^)]*\\))`).exec(theme);
  if (!m) throw new Error(`Tailwind's theme has no colour ${name}`);
  return oklchToLinearRgb(m[1]!);
}
const classColour = (classes: string, prefix: "bg" | "text") => {
  const m = new RegExp(`(?:^|\\s)${prefix}-([a-z]+(?:-\\d+)?)(?:\\s|$)`).exec(classes);
  if (!m) throw new Error(`no ${prefix}- colour in "${classes}"`);
  return themeColour(m[1]!);
};

const VISIONS: Vision[] = ["typical", "protanopia", "deuteranopia", "tritanopia"];
/** ΔE (CIE76) every two tiles keep under every vision: the first four, and all six. */
const FOUR_APART = 30;
const SIX_APART = 25;

describe("the colour-vision simulation", () => {
  it.each([
    // Reference values: sRGB's primaries in OKLCH (Ottosson), and Machado's protanopia of red.
    ["oklch(62.8% 0.2577 29.23)", [1, 0, 0]],
    ["oklch(86.64% 0.2948 142.5)", [0, 1, 0]],
    ["oklch(45.2% 0.3132 264.05)", [0, 0, 1]],
  ] as const)("converts %s to linear sRGB", (oklch, rgb) => {
    oklchToLinearRgb(oklch).forEach((v, i) => expect(v).toBeCloseTo(rgb[i]!, 2));
  });
  it("simulates protanopia with Machado's matrix", () => {
    expect(simulate([1, 0, 0], "protanopia")).toEqual([0.152286, 0.114503, 0]);
    expect(simulate([0.2, 0.4, 0.6], "typical")).toEqual([0.2, 0.4, 0.6]);
  });
  it("measures black against white as ΔE 100 and contrast 21:1", () => {
    expect(deltaE([0, 0, 0], [1, 1, 1])).toBeCloseTo(100, 1);
    expect(contrastRatio([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 5);
  });
});

describe("the answer tiles' palette", () => {
  const tiles = CHOICE_PALETTE.map((s) => ({ letter: s.letter, bg: classColour(s.solid, "bg"), text: classColour(s.solid, "text") }));

  it.each(VISIONS)("keeps every two tiles apart under %s vision", (vision) => {
    const close: string[] = [];
    for (let i = 0; i < tiles.length; i++) {
      for (let j = i + 1; j < tiles.length; j++) {
        const d = deltaE(simulate(tiles[i]!.bg, vision), simulate(tiles[j]!.bg, vision));
        if (d < (j < 4 ? FOUR_APART : SIX_APART)) close.push(`${tiles[i]!.letter}–${tiles[j]!.letter}: ΔE ${d.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it("writes each letter at a contrast of at least 4.5:1", () => {
    for (const t of tiles) expect(contrastRatio(t.bg, t.text), t.letter).toBeGreaterThanOrEqual(4.5);
  });
});
