/**
 * What "Read aloud" says for a question (solo play, study and a live game's phone): the prompt,
 * then each option after its tile's letter, as plain text. Light formatting marks (`**bold**`,
 * `*italic*`, `` `code` ``) are dropped, since a speech engine would read them out.
 */
export type Spoken = { prompt: string; options?: readonly string[] };

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
