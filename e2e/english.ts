import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { ERRORS } from "../src/server/errors";
import { FIELD_ERRORS } from "../src/core/field-errors";

/**
 * English that must not show in the Spanish interface: every English message of the catalogue
 * whose Spanish differs, and the English defaults the server and the rules carry for logs and API
 * clients (which would show through if a screen used them instead of the catalogue). A message
 * with arguments is cut at each argument into the pieces in between.
 */
function flatten(obj: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}

/** The literal pieces of an ICU message: text outside every {…} (plural branches included, roughly). */
function pieces(message: string): string[] {
  let depth = 0;
  let current = "";
  const out: string[] = [];
  for (const ch of message) {
    if (ch === "{") {
      if (depth === 0) out.push(current);
      current = "";
      depth++;
    } else if (ch === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0) current += ch;
  }
  out.push(current);
  return out.map((p) => p.replace(/<\/?\w+>/g, " ").replace(/\s+/g, " ").trim()).filter(Boolean);
}

const catalogue = (locale: string) => JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}.json`, import.meta.url), "utf8")) as object;
const en = catalogue("en");
const esFlat = flatten(catalogue("es"));
const esText = [...esFlat.values()].join("\n");

/** Whole texts that are English on their own (a button's "Play"), and phrases that are English anywhere. */
const words = new Set<string>();
const phrases = new Set<string>();
const add = (text: string) => {
  for (const piece of pieces(text)) {
    const trimmed = piece.replace(/^[\s.,:;·–—!?()"“”'’]+|[\s.,:;·–—!?()"“”'’]+$/g, "");
    if (!/[a-z]/i.test(trimmed) || esText.includes(trimmed)) continue;
    if (/\s/.test(trimmed) && trimmed.length >= 8) phrases.add(trimmed);
    else if (trimmed.length >= 3) words.add(trimmed);
  }
};
for (const [key, message] of flatten(en)) if (esFlat.get(key) !== message) add(message);
for (const { message } of Object.values(ERRORS)) add(message);
for (const message of Object.values(FIELD_ERRORS)) add(message);

/**
 * The English a page shows: visible text, and the names and hints assistive technology reads
 * (aria-label, placeholder, title, alt). Content people wrote (quiz titles, questions, names) is
 * not interface text: elements marked with a `lang` other than the page's, and the quiz content
 * the walk chose in Spanish, keep it out.
 */
export async function englishOn(page: Page): Promise<string[]> {
  const chunks = await page.evaluate(() => {
    const lang = document.documentElement.lang;
    const out: string[] = [];
    const foreign = (el: Element | null) => {
      const marked = el?.closest("[lang]");
      return !!marked && marked !== document.documentElement && marked.getAttribute("lang") !== lang;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest("script, style, noscript, template") || foreign(el)) continue;
      const style = getComputedStyle(el);
      // Visually hidden text (sr-only) is read aloud, so it counts; display:none does not.
      if (!el.checkVisibility() && !(style.position === "absolute" && style.clip !== "auto")) continue;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt], [aria-roledescription], [aria-valuetext]")) {
      if (foreign(el)) continue;
      for (const attr of ["aria-label", "placeholder", "title", "alt", "aria-roledescription", "aria-valuetext"]) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
  const found = new Set<string>();
  for (const chunk of chunks) {
    const bare = chunk.replace(/^[\s.,:;·–—!?()"“”'’]+|[\s.,:;·–—!?()"“”'’]+$/g, "");
    if (words.has(bare)) found.add(chunk);
    for (const phrase of phrases) if (chunk.includes(phrase)) found.add(`${chunk}  ⟵ “${phrase}”`);
  }
  return [...found];
}
