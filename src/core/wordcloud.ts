import { isProfane } from "./profanity";
import { WORDCLOUD_LIMITS } from "./wordcloud-limits";

/**
 * Word clouds (docs/rules.md §5): each player sends 1–`maxWords` short answers; the cloud groups
 * them ignoring case, accents and spaces ("São Paulo", "sao paulo", "SAOPAULO" are one word),
 * leaves out what the nickname profanity filter refuses (en + es), and shows the most given words.
 * Pure: no framework or database imports.
 */
export { WORDCLOUD_LIMITS };

/** Stored answers a solo cloud is drawn from: the latest, so a much-played quiz stays quick. */
export const CLOUD_ANSWERS_READ = 5000;

export type CloudWord = { text: string; count: number };

/** The grouping key: lower case, no accents, no spaces at all. "  São  Paulo " → "saopaulo". */
export function wordKey(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/gu, "")
    .toLowerCase();
}

/** An answer as shown: trimmed, inner runs of spaces made one. */
function tidy(word: string): string {
  return word.trim().replace(/\s+/gu, " ");
}

/** An answer's words before the profanity filter: tidy, at most 40 characters, each once, at most `maxWords`. */
function splitWords(answer: unknown, maxWords: number): string[] {
  const list = typeof answer === "string" ? [answer] : Array.isArray(answer) ? answer : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    if (typeof raw !== "string") continue;
    const word = tidy(raw);
    const key = wordKey(word);
    if (!key || word.length > WORDCLOUD_LIMITS.wordMax || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
    if (out.length >= maxWords) break;
  }
  return out;
}

/**
 * A player's answer as the cloud keeps it: trimmed words of at most 40 characters, each once
 * (by key), none empty or profane, at most `maxWords`. Anything that is not a list of strings
 * (or a single string) gives none.
 */
export function cleanWords(answer: unknown, maxWords: number): string[] {
  return splitWords(answer, maxWords).filter((w) => !isProfane(w));
}

/**
 * The cloud of the given answers (each a player's list of words, or a single word): one entry per
 * key, shown as the spelling given most often (ties: the one seen first), the most given first
 * (ties by key, so the order is stable), at most `top`. A word the profanity filter refuses never
 * shows, whichever spelling it was given in (an answer stored before a filter change, or sent by a
 * client that skipped it, included). The filter is slow next to grouping, so it runs on groups,
 * most given first, only until the cloud is full: 2,000 players' answers cost a few dozen checks.
 */
export function wordCloud(answers: readonly unknown[], maxWords: number = WORDCLOUD_LIMITS.maxWordsMax, top: number = WORDCLOUD_LIMITS.top): CloudWord[] {
  const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const answer of answers) {
    for (const word of splitWords(answer, maxWords)) {
      const key = wordKey(word);
      const g = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      g.count++;
      g.spellings.set(word, (g.spellings.get(word) ?? 0) + 1);
      groups.set(key, g);
    }
  }
  const sorted = [...groups.entries()].sort(([ka, a], [kb, b]) => b.count - a.count || (ka < kb ? -1 : ka > kb ? 1 : 0));
  const out: CloudWord[] = [];
  for (const [key, g] of sorted) {
    if (out.length >= top) break;
    if (isProfane(key) || [...g.spellings.keys()].some(isProfane)) continue;
    let text = "";
    let best = 0;
    for (const [spelling, n] of g.spellings) if (n > best) [text, best] = [spelling, n];
    out.push({ text, count: g.count });
  }
  return out;
}
