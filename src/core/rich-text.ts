/**
 * Light formatting and math in question text (docs/rules.md §"Formatting and math"): the one rule
 * that turns what an author typed into safe HTML. Pure: the math typesetter (KaTeX, on the server)
 * is passed in, so this module never loads it and no client bundle carries it.
 *
 *   `$…$` inline math, `$$…$$` display math, `**bold**`, `*italic*`, `` `code` ``, line breaks
 *   (kept as "\n", shown by the page's `white-space: pre-line`);
 *   `\$`, `\*`, `` \` `` and `\\` stand for the character itself. Everything else is text: every
 *   `<`, `>`, `&`, `"` and `'` an author types is escaped, so no author HTML ever reaches a page.
 */
import type { PublicQuestionData, QuestionData } from "./question";

/** Typesets one formula; returns null when it cannot (the source is then shown as text). */
export type MathRenderer = (tex: string, display: boolean) => string | null;

/** Longer formulas are not typeset (shown as their source): bounded work per string. */
export const MAX_FORMULA_LENGTH = 1000;

const ESCAPABLE = new Set(["$", "*", "`", "\\"]);

/** Whether a text needs the rule at all: plain text is shown as it is, with no HTML sent. */
export function hasMarkup(text: string): boolean {
  return /[$*`\\\n]/.test(text);
}

/** Whether a text holds a formula (its page then needs KaTeX's style sheet). */
export function hasMath(text: string): boolean {
  return tokenize(text).some((t) => t.kind === "math");
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${({ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" } as const)[c as "&"]};`);
}

type Token = { kind: "text"; text: string } | { kind: "literal"; text: string } | { kind: "code"; text: string } | { kind: "math"; tex: string; display: boolean; source: string };

/** Where the formula opened at `from` (just after its `$` or `$$`) closes, or -1. */
function closingDollar(text: string, from: number, display: boolean): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      i++; // an escaped character inside TeX (\$, \\) never closes the formula
      continue;
    }
    if (c === "\n" && (!display || text[i + 1] === "\n")) return -1; // inline: one line; display: no blank line
    if (c !== "$") continue;
    if (display) {
      if (text[i + 1] === "$") return i;
      continue;
    }
    // Inline (Pandoc's rule): not "$ x$", not "$x $", not "$5 and $6" (a digit right after the close).
    if (i === from || /\s/.test(text[i - 1] ?? "") || /\d/.test(text[i + 1] ?? "")) return -1;
    return i;
  }
  return -1;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push({ kind: "text", text: plain });
    plain = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\" && ESCAPABLE.has(text[i + 1] ?? "")) {
      flush();
      out.push({ kind: "literal", text: text[i + 1] as string });
      i++;
      continue;
    }
    if (c === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        out.push({ kind: "code", text: text.slice(i + 1, end) });
        i = end;
        continue;
      }
    }
    if (c === "$") {
      const display = text[i + 1] === "$";
      const start = i + (display ? 2 : 1);
      const opensInline = !display && text[start] !== undefined && !/\s/.test(text[start] as string);
      if (display || opensInline) {
        const end = closingDollar(text, start, display);
        const tex = end >= 0 ? text.slice(start, end) : "";
        if (end >= 0 && tex.trim()) {
          flush();
          const stop = end + (display ? 2 : 1);
          out.push({ kind: "math", tex, display, source: text.slice(i, stop) });
          i = stop - 1;
          continue;
        }
      }
      if (display) {
        plain += "$$"; // an unclosed $$ is two dollars of text
        i++;
        continue;
      }
    }
    plain += c;
  }
  flush();
  return out;
}

/**
 * `text` with each formula replaced by `replace(formula)`, and everything else exactly as typed
 * (escapes and code included): how an export writes formulas in another format's delimiters.
 */
export function mapMath(text: string, replace: (formula: { tex: string; display: boolean; source: string }) => string): string {
  let out = "";
  for (const t of tokenize(text)) {
    if (t.kind === "text") out += t.text;
    else if (t.kind === "literal") out += `\\${t.text}`;
    else if (t.kind === "code") out += `\`${t.text}\``;
    else out += replace(t);
  }
  return out;
}

/** Markers for the pieces emphasis must not look into (formulas, code, escaped characters). */
const ATOM = "\u0000";
const ATOMS = /\u0000/g;

/**
 * The HTML for an author's text: escaped, formatted, formulas typeset by `math` (or, without it or
 * when it fails, shown as their source). Never throws.
 */
export function renderRich(text: string, math?: MathRenderer): string {
  const atoms: string[] = [];
  let flat = "";
  for (const t of tokenize(text.replace(ATOMS, ""))) {
    if (t.kind === "text") {
      flat += escapeHtml(t.text);
      continue;
    }
    if (t.kind === "literal") atoms.push(escapeHtml(t.text));
    else if (t.kind === "code") atoms.push(`<code>${escapeHtml(t.text)}</code>`);
    else atoms.push(typeset(t, math));
    flat += ATOM;
  }
  const emphasised = flat
    .replace(/\*\*(?=[^\s*])([\s\S]*?[^\s*])\*\*/g, "<strong>$1</strong>")
    .replace(/\*(?=[^\s*])([^*\n]*?[^\s*])\*/g, "<em>$1</em>")
    // Line breaks stay "\n": the page shows them (white-space: pre-line) and text keeps them.
    .replace(/\r\n/g, "\n");
  let n = 0;
  return emphasised.replace(ATOMS, () => atoms[n++] ?? "");
}

function typeset(t: Extract<Token, { kind: "math" }>, math: MathRenderer | undefined): string {
  if (math && t.tex.length <= MAX_FORMULA_LENGTH) {
    try {
      const html = math(t.tex, t.display);
      if (html !== null) return html;
    } catch {
      // shown as its source below
    }
  }
  return escapeHtml(t.source);
}

/**
 * The rendered HTML of each text that needs it, by its source: what the server sends with a
 * question so a client shows formatted text without the rule or KaTeX. Plain texts are left out;
 * undefined when no text needs HTML (nothing extra on the wire).
 */
export function richMap(texts: Iterable<string | null | undefined>, render: (text: string) => string): Record<string, string> | undefined {
  let map: Record<string, string> | undefined;
  for (const text of texts) {
    if (!text || !hasMarkup(text) || (map && Object.hasOwn(map, text))) continue;
    const html = render(text);
    if (html === escapeHtml(text)) continue;
    (map ??= Object.create(null) as Record<string, string>)[text] = html;
  }
  return map ? { ...map } : undefined;
}

/** Whether rendered HTML holds typeset math (the page then loads KaTeX's style sheet). */
export const htmlHasMath = (html: string): boolean => html.includes('class="katex');

/**
 * The part of a question's rendered texts that a view may carry: only `texts` (what that view
 * shows), so a question's explanation or an option's feedback never travels before its reveal.
 */
export function pickRich(rich: Readonly<Record<string, string>> | undefined, texts: Iterable<string | null | undefined>): Record<string, string> | undefined {
  if (!rich) return undefined;
  let out: Record<string, string> | undefined;
  for (const text of texts) if (text && Object.hasOwn(rich, text)) (out ??= Object.create(null) as Record<string, string>)[text] = rich[text] as string;
  return out ? { ...out } : undefined;
}

/** The texts a player sees of a question before answering: its prompt, options, items, slide. */
export function publicTexts(prompt: string, data: PublicQuestionData): string[] {
  switch (data.type) {
    case "single":
    case "multiple":
    case "poll":
      return [prompt, ...data.options.map((o) => o.text)];
    case "order":
      return [prompt, ...data.items.map((o) => o.text)];
    case "slide":
      return [prompt, data.text];
    default:
      return [prompt];
  }
}

/** Every text of a question an author wrote: what the server renders once for a live game. */
export function questionTexts(q: { prompt: string; explanation?: string; data: QuestionData }): string[] {
  const d = q.data;
  const texts = [q.prompt, q.explanation ?? ""];
  if (d.type === "single" || d.type === "multiple") for (const o of d.options) texts.push(o.text, o.feedback ?? "");
  if (d.type === "poll") texts.push(...d.options.map((o) => o.text));
  if (d.type === "order") texts.push(...d.items.map((o) => o.text));
  if (d.type === "slide") texts.push(d.text);
  if (d.type === "boolean") texts.push(d.feedback?.right ?? "", d.feedback?.wrong ?? "");
  return texts;
}
