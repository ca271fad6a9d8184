import { isRecord } from "./common";
import { stripHtml } from "./text";

/**
 * Anki's notes as Quizdeck questions, without the database: note types (models) and their card
 * templates, cloze deletions, and field HTML as safe text. apkg.ts reads the package and feeds
 * these; apkg-export.ts writes the other way. Every scan here is linear in its input.
 */

export type AnkiTemplate = { name: string; qfmt: string; afmt: string };
export type AnkiModel = { id: string; name: string; cloze: boolean; fields: string[]; templates: AnkiTemplate[] };

/** Note types from `col.models` (JSON keyed by id). Models that are not objects are left out. */
export function parseModels(json: string): Map<string, AnkiModel> {
  const out = new Map<string, AnkiModel>();
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return out;
  }
  if (!isRecord(raw)) return out;
  for (const [key, m] of Object.entries(raw)) {
    if (!isRecord(m)) continue;
    const fields = Array.isArray(m.flds) ? m.flds.map((f) => (isRecord(f) && typeof f.name === "string" ? f.name : "")) : [];
    const templates = Array.isArray(m.tmpls)
      ? m.tmpls.filter(isRecord).map((t) => ({
          name: typeof t.name === "string" ? t.name : "",
          qfmt: typeof t.qfmt === "string" ? t.qfmt : "",
          afmt: typeof t.afmt === "string" ? t.afmt : "",
        }))
      : [];
    out.set(String(m.id ?? key), { id: String(m.id ?? key), name: typeof m.name === "string" ? m.name : "", cloze: m.type === 1, fields, templates });
  }
  return out;
}

type Ref = { field: string; filters: string[]; section?: "#" | "^" | "/" };

/** The `{{…}}` references of a template, in order. */
export function templateRefs(template: string): Ref[] {
  const refs: Ref[] = [];
  for (let i = template.indexOf("{{"); i >= 0; i = template.indexOf("{{", i + 2)) {
    const close = template.indexOf("}}", i + 2);
    if (close < 0) break;
    const inner = template.slice(i + 2, close).trim();
    i = close;
    const first = inner.charAt(0);
    if (first === "#" || first === "^" || first === "/") {
      refs.push({ field: inner.slice(1).trim(), filters: [], section: first });
      continue;
    }
    const parts = inner.split(":");
    refs.push({ field: (parts.pop() ?? "").trim(), filters: parts.map((p) => p.trim().toLowerCase()) });
  }
  return refs;
}

/** Names a template may use that are not fields of the note. */
const SPECIAL = new Set(["FrontSide", "Tags", "Type", "Deck", "Subdeck", "Card", "CardFlag", "CardID"]);

/**
 * What one card template asks and answers, as field indexes: the fields its front shows, the
 * field its back adds (the answer: a `{{type:…}}` field of the front, else the first new field of
 * the back), fields the back adds after that (shown as the explanation), and the fields whose
 * `{{#…}}` sections wrap the front (the card exists only when they are filled in).
 */
export type CardPlan = { template: number; prompt: number[]; answer: number; extra: number[]; requires: number[] };

export function planCards(model: AnkiModel): CardPlan[] {
  const index = (name: string) => model.fields.indexOf(name);
  const plans: CardPlan[] = [];
  model.templates.forEach((t, template) => {
    const front = templateRefs(t.qfmt);
    const prompt: number[] = [];
    const requires: number[] = [];
    let answer = -1;
    for (const r of front) {
      const f = index(r.field);
      if (f < 0 || SPECIAL.has(r.field)) continue;
      if (r.section === "#") requires.push(f);
      else if (r.section) continue;
      else if (r.filters.includes("type")) answer = answer < 0 ? f : answer;
      else if (!prompt.includes(f)) prompt.push(f);
    }
    const extra: number[] = [];
    for (const r of templateRefs(t.afmt)) {
      const f = index(r.field);
      if (f < 0 || r.section || SPECIAL.has(r.field) || prompt.includes(f) || f === answer || extra.includes(f)) continue;
      if (answer < 0) answer = f;
      else extra.push(f);
    }
    if (prompt.length > 0 && answer >= 0) plans.push({ template, prompt, answer, extra, requires });
  });
  return plans;
}

/** For a cloze note type: the field(s) holding the deletions, and the fields the back adds. */
export function planCloze(model: AnkiModel): { text: number[]; extra: number[] } {
  const t = model.templates[0];
  if (!t) return { text: [], extra: [] };
  const text: number[] = [];
  for (const r of templateRefs(t.qfmt)) {
    const f = model.fields.indexOf(r.field);
    if (f >= 0 && r.filters.includes("cloze") && !text.includes(f)) text.push(f);
  }
  const extra: number[] = [];
  for (const r of templateRefs(t.afmt)) {
    const f = model.fields.indexOf(r.field);
    if (f >= 0 && !r.section && !SPECIAL.has(r.field) && !text.includes(f) && !extra.includes(f)) extra.push(f);
  }
  return { text, extra };
}

type Deletion = { start: number; end: number; n: number; answer: string; hint: string | undefined };

/** `{{c1::answer::hint}}` deletions in order (nested ones are not taken apart). */
function deletions(html: string): Deletion[] {
  const out: Deletion[] = [];
  for (let i = html.indexOf("{{c"); i >= 0; i = html.indexOf("{{c", i + 1)) {
    let j = i + 3;
    while (j < html.length && html.charCodeAt(j) >= 48 && html.charCodeAt(j) <= 57) j++;
    if (j === i + 3 || html.charCodeAt(j) !== 58 || html.charCodeAt(j + 1) !== 58) continue;
    const close = html.indexOf("}}", j + 2);
    // No `}}` after this one means none for any later deletion either.
    if (close < 0) break;
    const inner = html.slice(j + 2, close);
    const sep = inner.indexOf("::");
    out.push({
      start: i,
      end: close + 2,
      n: Number(html.slice(i + 3, j)),
      answer: sep < 0 ? inner : inner.slice(0, sep),
      hint: sep < 0 ? undefined : inner.slice(sep + 2),
    });
    i = close;
  }
  return out;
}

/** The cloze numbers used in a field, ascending. */
export function clozeNumbers(html: string): number[] {
  return [...new Set(deletions(html).map((d) => d.n))].sort((a, b) => a - b);
}

/**
 * Card `n` of a cloze field: its deletions become blanks (`[...]`, or `[hint]`), the others show
 * their text. The answers are HTML, in order.
 */
export function renderCloze(html: string, n: number): { prompt: string; answers: string[] } {
  let prompt = "";
  let at = 0;
  const answers: string[] = [];
  for (const d of deletions(html)) {
    prompt += html.slice(at, d.start);
    if (d.n === n) {
      prompt += d.hint && d.hint.trim() ? `[${d.hint.trim()}]` : "[...]";
      answers.push(d.answer);
    } else prompt += d.answer;
    at = d.end;
  }
  return { prompt: prompt + html.slice(at), answers };
}

/** Names of media a field refers to: `[sound:…]` and `<img src>` (also `<audio>`, `<video>`, `<source>`). */
export function mediaRefs(html: string): string[] {
  const out: string[] = [];
  for (let i = html.indexOf("[sound:"); i >= 0; i = html.indexOf("[sound:", i + 7)) {
    const close = html.indexOf("]", i + 7);
    if (close < 0) break;
    out.push(html.slice(i + 7, close));
  }
  const lower = html.toLowerCase();
  for (let i = lower.indexOf("<"); i >= 0; i = lower.indexOf("<", i + 1)) {
    const close = lower.indexOf(">", i + 1);
    if (close < 0) break;
    const tag = lower.slice(i + 1, close);
    if (/^(img|audio|video|source)\s/.test(tag)) {
      const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/.exec(html.slice(i + 1, close));
      if (src) out.push(src[1] ?? src[2] ?? src[3] ?? "");
    }
    i = close;
  }
  return out.filter(Boolean);
}

/** Removes `[sound:…]` references (tags go with the HTML). */
function dropSounds(html: string): string {
  let out = "";
  let at = 0;
  for (let i = html.indexOf("[sound:"); i >= 0; i = html.indexOf("[sound:", at)) {
    const close = html.indexOf("]", i + 7);
    if (close < 0) break;
    out += html.slice(at, i);
    at = close + 1;
  }
  return out + html.slice(at);
}

/** A field's HTML as plain text: media references and tags dropped, entities decoded, `<br>` and blocks → line breaks. */
export function fieldText(html: string): string {
  // Anki's editor starts each line after the first with <div>: a line break, as a closing </div> is.
  return stripHtml(dropSounds(html).replace(/<div(?=[\s>])/gi, "\n<div"));
}

/** A field's HTML as a one-line answer: as `fieldText`, with line breaks as spaces. */
export function answerText(html: string): string {
  return fieldText(html).replace(/\s*\n\s*/g, " ").trim();
}

/** The fields of a note: `flds` is the fields joined by the unit separator (0x1f). */
export function splitFields(flds: string): string[] {
  return flds.split("\x1f");
}
