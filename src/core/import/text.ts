import { decodeHTML } from "entities";

/**
 * Text clean-up the importers share, written as scans rather than regexes with unbounded
 * repetition: an import file is attacker-chosen text of up to 5 MB, and a pattern such as
 * `/<[^>]+>/g` over 20,000 unclosed `<` takes seconds (each `<` scans to the end of the text).
 * Every function here is linear in the length of its input.
 */

/** Index of the next `<tag` (case-insensitive, ASCII) at or after `from`, or -1. */
function indexOfTag(lower: (i: number) => number, length: number, text: string, name: string, from: number): number {
  for (let i = text.indexOf("<", from); i >= 0 && i + name.length < length; i = text.indexOf("<", i + 1)) {
    let k = 0;
    while (k < name.length && lower(i + 1 + k) === name.charCodeAt(k)) k++;
    if (k === name.length) return i;
  }
  return -1;
}

/** Removes `<script>…</script>` and `<style>…</style>` blocks, as `/<(script|style)[\s\S]*?<\/\1>/gi` would. */
function dropScripts(html: string): string {
  const lower = (i: number) => {
    const c = html.charCodeAt(i);
    return c >= 65 && c <= 90 ? c + 32 : c;
  };
  const names = ["script", "style"];
  // Once a name has no closing tag after some point, it has none after any later point either.
  const dead = new Set<string>();
  let out = "";
  let at = 0;
  let from = 0;
  for (;;) {
    let start = -1;
    let name = "";
    for (const n of names) {
      if (dead.has(n)) continue;
      const i = indexOfTag(lower, html.length, html, n, from);
      if (i >= 0 && (start < 0 || i < start)) {
        start = i;
        name = n;
      }
    }
    if (start < 0) break;
    const close = indexOfTag(lower, html.length, html, `/${name}>`, start + 1 + name.length);
    if (close < 0) {
      dead.add(name);
      from = start + 1;
      continue;
    }
    out += html.slice(at, start);
    at = close + name.length + 3;
    from = at;
  }
  return out + html.slice(at);
}

/** Drops every `<…>` with at least one character inside, as `/<[^>]+>/g` would. */
export function dropTags(html: string): string {
  let out = "";
  let at = 0;
  let i = html.indexOf("<");
  while (i >= 0) {
    const close = html.indexOf(">", i + 1);
    // No `>` after this `<` means none after any later `<` either: the rest is text.
    if (close < 0) break;
    if (close === i + 1) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    out += html.slice(at, i);
    at = close + 1;
    i = html.indexOf("<", at);
  }
  return out + html.slice(at);
}

/** Plain text of an HTML fragment: tags dropped, line breaks kept, entities decoded, spaces folded. */
export function stripHtml(html: string): string {
  const text = dropTags(
    dropScripts(html)
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, "\n"),
  );
  return decodeHTML(text)
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/**
 * `[label](target)` → label, as `/\[([^\]]+)\]\([^)]*\)/g` (`image`: `/!\[([^\]]*)\]\([^)]*\)/g`)
 * would, in one pass: a match starts at the first opener since the last `]`, because the label
 * cannot hold a `]`.
 */
function unlink(md: string, image: boolean): string {
  let out = "";
  let at = 0;
  let open = -1;
  for (let i = 0; i < md.length; i++) {
    const c = md.charCodeAt(i);
    if (c === 91 /* [ */) {
      if (open < 0 && (!image || (i > at && md.charCodeAt(i - 1) === 33) /* ! */)) open = i;
    } else if (c === 93 /* ] */) {
      const start = open;
      open = -1;
      if (start < 0 || (!image && i === start + 1) || md.charCodeAt(i + 1) !== 40 /* ( */) continue;
      const close = md.indexOf(")", i + 2);
      if (close < 0) break; // no `)` here means none for any later link either
      out += md.slice(at, image ? start - 1 : start) + md.slice(start + 1, i);
      at = close + 1;
      i = close;
    }
  }
  return out + md.slice(at);
}

/** `/(\*\*|__)(.+?)\1/g` → the text between, without rescanning: the next closer of each mark is kept. */
function unbold(s: string): string {
  const next: Record<string, number> = { "**": -2, __: -2 };
  const find = (mark: string, from: number) => {
    if (next[mark] !== -1 && (next[mark] as number) < from) next[mark] = s.indexOf(mark, from);
    return next[mark] as number;
  };
  let newline = -2;
  let out = "";
  let at = 0;
  for (let p = 0; p + 1 < s.length; p++) {
    const mark = s.startsWith("**", p) ? "**" : s.startsWith("__", p) ? "__" : undefined;
    if (!mark) continue;
    const close = find(mark, p + 3);
    if (close < 0) continue;
    if (newline !== -1 && newline <= p) newline = s.indexOf("\n", p + 1);
    if (newline !== -1 && newline < close) continue; // `.` does not cross a line
    out += s.slice(at, p) + s.slice(p + 2, close);
    at = close + 2;
    p = at - 1;
  }
  return out + s.slice(at);
}

/** `/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g` → "$1$2", in one pass. */
function unitalic(s: string): string {
  const word = (i: number) => i >= 0 && i < s.length && /\w/.test(s.charAt(i));
  let closer = -2;
  let newline = -2;
  let out = "";
  let at = 0;
  for (let p = 0; p + 2 < s.length; p++) {
    if (s.charCodeAt(p) !== 42) continue;
    if (p > at && (word(p - 1) || s.charCodeAt(p - 1) === 42)) continue;
    if (p === at && p > 0) continue; // the character before was taken by the last match
    if (/\s/.test(s.charAt(p + 1))) continue;
    if (closer !== -1 && closer < p + 2) {
      closer = s.indexOf("*", p + 2);
      while (closer >= 0 && word(closer + 1)) closer = s.indexOf("*", closer + 1);
    }
    if (closer < 0) break;
    if (newline !== -1 && newline <= p) newline = s.indexOf("\n", p + 1);
    if (newline !== -1 && newline < closer) continue;
    out += s.slice(at, p) + s.slice(p + 1, closer);
    at = closer + 1;
    p = closer;
  }
  return out + s.slice(at);
}

/**
 * Plain text of Moodle's markdown: links and images to their text, list marks dropped; emphasis
 * and code dropped too, or with `keepFormatting` kept as Quizdeck's own (`**bold**`, `*italic*`,
 * `` `code` ``: docs/rules.md, "Formatting and math").
 */
export function stripMarkdown(md: string, keepFormatting = false): string {
  const unlinked = unlink(unlink(md, true), false);
  return (keepFormatting ? unlinked : unitalic(unbold(unlinked)).replace(/`([^`]*)`/g, "$1"))
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)/gm, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n");
}

/**
 * `text.replace(/\s*s(ec(ond)?s?)?$/i, "")` ("30 s", "30 sec", "30 seconds" → "30") without the
 * regex, which tries every space of a long run from every space before it. The suffix is at most
 * 7 characters, so only the end of the text is searched; the spaces before it are trimmed.
 */
export function dropSecondsSuffix(text: string): string {
  const tail = text.slice(-7);
  const m = /s(ec(ond)?s?)?$/i.exec(tail);
  if (!m) return text;
  return text.slice(0, text.length - tail.length + m.index).trimEnd();
}

/**
 * Moodle's TeX delimiters as Quizdeck's: `\(…\)` → `$…$` and `\[…\]` → `$$…$$` (Moodle's own
 * `$$…$$` is kept as it is). A delimiter with no partner is left alone.
 */
export function texDelimiters(text: string): string {
  if (!text.includes("\\(") && !text.includes("\\[")) return text;
  return text.replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => `$${tex.trim()}$`).replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => `$$${tex.trim()}$$`);
}
