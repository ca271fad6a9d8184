import CalendarClock from "lucide-react/icons/calendar-clock";
import Flame from "lucide-react/icons/flame";
import Inbox from "lucide-react/icons/inbox";
import Sparkles from "lucide-react/icons/sparkles";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { StatTiles } from "@/components/social/stat-tiles";
import { buttonClass } from "@/components/ui/button";
import type { DeckStats } from "@/core/study/decks";

/**
 * The parts of /study a member and a guest share (a guest's drawn by the server from what their
 * browser keeps, src/app/study/guest-views.tsx), so both read alike.
 */

/** Due now, new cards left today, reviews today, and the study-day streak. */
export async function StudyTiles({
  decks,
  today,
  streak,
}: {
  decks: readonly DeckStats[];
  today: { newLeft: number; newStudied: number; reviewsDone: number };
  streak: number;
}) {
  const t = await getTranslations("study.dash");
  const dueNow = decks.reduce((n, d) => n + d.due, 0);
  // The tiles of profiles and quiz pages, with the test ids the study tests read.
  return (
    <StatTiles
      stats={[
        { icon: Inbox, tone: "", label: t("dueNow"), value: String(dueNow), testId: "tile-due" },
        { icon: Sparkles, tone: "", label: t("newToday"), value: String(today.newLeft), testId: "tile-new" },
        { icon: CalendarClock, tone: "", label: t("reviewsToday"), value: String(today.newStudied + today.reviewsDone), testId: "tile-reviews" },
        { icon: Flame, tone: "", label: t("streak"), value: t("streakDays", { count: streak }), testId: "tile-streak" },
      ]}
    />
  );
}

/** Each deck studied with its due, new and total cards and a link to study it; an invitation to start one when there are none. */
export async function DeckList({ decks }: { decks: readonly DeckStats[] }) {
  const t = await getTranslations("study.dash");
  const ts = await getTranslations("study");
  return (
    <section aria-labelledby="decks-heading" className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="decks-heading" className="text-lg font-bold">
        {t("decks")}
      </h2>
      {decks.length === 0 ? (
        <p className="mt-3 text-zinc-600 dark:text-zinc-400" data-testid="no-decks">
          {t("noDecks")}{" "}
          <Link href="/explore" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("explore")}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="decks">
          {decks.map((d) => (
            <li key={d.slug} className="flex flex-wrap items-center gap-3 py-3">
              <Link href={`/quiz/${d.slug}`} className="min-w-0 flex-1 basis-full font-semibold hover:underline sm:basis-0">
                {d.title}
              </Link>
              <span className="flex-1 text-sm tabular-nums sm:flex-none">
                <span className="font-bold text-rose-700 dark:text-rose-400">{d.due}</span> {t("due")} ·{" "}
                <span className="font-bold text-sky-700 dark:text-sky-400">{d.new}</span> {t("new")} ·{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  {d.total} {t("total")}
                </span>
              </span>
              <Link
                href={`/study/${d.slug}`}
                className={buttonClass(d.due > 0 ? "primary" : "secondary", "sm")}
                aria-label={ts("studyQuiz", { title: d.title })}
              >
                {t("study")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
