/**
 * A word cloud's limits (docs/rules.md §5), apart from src/core/wordcloud.ts so the quiz schema
 * (and the editor's client bundle) can read them without the profanity filter's word lists.
 */
export const WORDCLOUD_LIMITS = {
  /** Answers a player may give to one word cloud: the question's maxWords, 1–3. */
  maxWordsMin: 1,
  maxWordsMax: 3,
  /** Characters per answer. */
  wordMax: 40,
  /** Words the cloud shows (and the live server sends): the most given. */
  top: 50,
} as const;
