/**
 * What "Read aloud" says for a question (solo play, study and a live game's phone): the prompt,
 * then each option after its tile's letter, as plain text. Light formatting marks (`**bold**`,
 * `*italic*`, `` `code` ``) are dropped, since a speech engine would read them out.
 */
export type Spoken = { prompt: string; options?: readonly string[] };
/** A question's data as far as reading it aloud goes: choices and polls have options. */
export type SpokenData = { type: string } | { type: string; options: readonly { text: string }[] };

/** What to read of a question: its prompt and, for choices and polls, its options' texts. */
export const spokenOf = (prompt: string, data: SpokenData): Spoken => ("options" in data ? { prompt, options: data.options.map((o) => o.text) } : { prompt });

const MARKS = /(\*\*|\*|`)/g;
const plain = (text: string) => text.replace(MARKS, "").replace(/\s+/g, " ").trim();

export function spokenText({ prompt, options = [] }: Spoken): string {
  const parts = [plain(prompt)];
  options.forEach((o, i) => {
    const text = plain(o);
    if (text) parts.push(`${String.fromCharCode(65 + i)}: ${text}`);
  });
  return parts
    .filter(Boolean)
    .map((p) => (/[.?!:;…]$/.test(p) ? p : `${p}.`))
    .join(" ");
}
