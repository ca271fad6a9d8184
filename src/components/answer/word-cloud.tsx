import { clsx } from "clsx";

export type CloudWord = { text: string; count: number };

const COLOURS = [
  "text-brand-700 dark:text-brand-300",
  "text-emerald-700 dark:text-emerald-300",
  "text-rose-700 dark:text-rose-300",
  "text-amber-800 dark:text-amber-300",
  "text-sky-700 dark:text-sky-300",
  "text-violet-700 dark:text-violet-300",
];

/**
 * A word cloud, packed deterministically: words are laid out in rows from the middle outwards
 * (the most given in the centre, the next ones alternately after and before it), each sized by
 * how often it was given. The same words always give the same picture; the rows wrap to the
 * width, so it reads on a phone as on a 1920×1080 screen (`big`). It stays a list, so a screen
 * reader reads each word with its count. Server or client, no state.
 */
export function WordCloud({ words, big = false, countLabel, empty }: { words: readonly CloudWord[]; big?: boolean; countLabel: (count: number) => string; empty: string }) {
  if (words.length === 0) return <p className="text-center text-zinc-600 dark:text-zinc-400" data-testid="word-cloud-empty">{empty}</p>;
  const max = Math.max(...words.map((w) => w.count));
  const min = Math.min(...words.map((w) => w.count));
  const sizes = big ? [2, 2.75, 3.5, 4.5, 6] : [1, 1.25, 1.6, 2, 2.6];
  const placed: { word: CloudWord; rank: number }[] = [];
  words.forEach((word, rank) => (rank % 2 === 0 ? placed.push({ word, rank }) : placed.unshift({ word, rank })));
  return (
    <ul className={clsx("flex flex-wrap items-center justify-center", big ? "gap-x-8 gap-y-3" : "gap-x-4 gap-y-1")} data-testid="word-cloud">
      {placed.map(({ word, rank }) => {
        const step = max === min ? sizes.length - 1 : Math.round(((word.count - min) / (max - min)) * (sizes.length - 1));
        return (
          <li
            key={word.text}
            data-testid="cloud-word"
            data-count={word.count}
            title={countLabel(word.count)}
            className={clsx("max-w-full break-words font-black leading-tight", COLOURS[rank % COLOURS.length])}
            style={{ fontSize: `${sizes[step]}rem` }}
          >
            {word.text}
            <span className="sr-only"> ({countLabel(word.count)})</span>
          </li>
        );
      })}
    </ul>
  );
}
