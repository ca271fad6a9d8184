import Trophy from "lucide-react/icons/trophy";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { clsx } from "clsx";
import type { LeaderboardEntry } from "@/core/play/attempt";

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The top entries and, below them when further down, the viewer's own rank (a quiz's, or a challenge's with its own empty text). */
export async function Leaderboard({
  top,
  viewer,
  players,
  emptyText,
}: {
  top: LeaderboardEntry[];
  viewer: LeaderboardEntry | null;
  players: number;
  emptyText?: string;
}) {
  const [t, format] = await Promise.all([getTranslations("leaderboard"), getFormatter()]);
  const rows = viewer && !top.some((e) => e.isViewer) ? [...top, viewer] : top;
  return (
    <section aria-labelledby="leaderboard-heading" className="rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="leaderboard-heading" className="flex items-center gap-2 text-lg font-bold">
        <Trophy className="size-5 text-amber-500" aria-hidden />
        {t("title")}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{emptyText ?? t("empty")}</p>
      ) : (
        <table className="mt-3 w-full text-sm" data-testid="leaderboard">
          <caption className="sr-only">{t("caption", { players })}</caption>
          <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-semibold">
                #
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                {t("player")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-semibold">
                {t("score")}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t("time")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e, i) => (
              <tr
                key={e.attemptId}
                className={clsx(
                  "border-t border-zinc-100 dark:border-zinc-800",
                  e.isViewer && "bg-brand-50 font-semibold dark:bg-brand-950",
                  i === top.length && "border-t-2 border-dashed",
                )}
                aria-current={e.isViewer ? "true" : undefined}
              >
                <td className="py-2 pr-2 font-mono tabular-nums">{e.rank}</td>
                <td className="max-w-40 truncate py-2 pr-2">
                  <Link href={`/results/${e.attemptId}`} className="hover:underline">
                    {e.nickname}
                  </Link>
                  {e.isViewer && <span className="ml-1 text-xs text-brand-700 dark:text-brand-300">({t("you")})</span>}
                </td>
                <td className="py-2 pr-2 text-right font-mono tabular-nums">{format.number(e.score)}</td>
                <td className="py-2 text-right font-mono text-zinc-600 tabular-nums dark:text-zinc-400">{formatDuration(e.durationMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
