import "server-only";
import katex from "katex";
import { MAX_FORMULA_LENGTH, renderRich, richMap, type MathRenderer } from "@/core/rich-text";
export { publicTexts } from "@/core/rich-text";

/**
 * KaTeX on the server (docs/rules.md, "Formatting and math"): formulas become HTML + MathML here,
 * so no page carries KaTeX's code. `trust: false` (KaTeX's default, stated) refuses \href, \url,
 * \includegraphics and \html…: a formula can never make a link, load a resource or add attributes.
 * Its output's inline `style` attributes are allowed by the CSP's `style-src 'unsafe-inline'`; it
 * has no scripts or event handlers.
 */
export const katexMath: MathRenderer = (tex, display) => {
  if (tex.length > MAX_FORMULA_LENGTH) return null;
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      trust: false,
      strict: "ignore",
      output: "htmlAndMathml",
      maxSize: 20,
      maxExpand: 200,
    });
  } catch {
    return null;
  }
};

/** Rendered texts by source, most recent last: the same prompt is sent to every player. */
const cache = new Map<string, string>();
const CACHE_SIZE = 2000;

/** An author's text as safe HTML (src/core/rich-text.ts), KaTeX typesetting its formulas. */
export function renderRichText(text: string): string {
  const hit = cache.get(text);
  if (hit !== undefined) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const html = renderRich(text, katexMath);
  cache.set(text, html);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return html;
}

/** The HTML of the texts that need it, by source (see richMap); undefined when none does. */
export const richTexts = (texts: Iterable<string | null | undefined>) => richMap(texts, renderRichText);

/** `value` with `rich` set to the HTML of `texts` that need it (no key at all when none does). */
export function withRich<T extends object>(value: T, texts: Iterable<string | null | undefined>): T & { rich?: Record<string, string> } {
  const rich = richTexts(texts);
  return rich ? { ...value, rich } : value;
}
