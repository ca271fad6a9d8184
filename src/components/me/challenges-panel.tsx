import { ExternalLink, Search, Swords } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { challengeState, type ChallengeState } from "@/core/challenge/rules";
import { getDb } from "@/db";
import { listOwnChallenges } from "@/db/queries/challenges";
import { EmptyState, Panel } from "./panel";

const STATE_TONE: Record<ChallengeState, string> = {
  open: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900",
  upcoming: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-900",
  closed: "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
};
const pill = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset";

/** The challenges this member handed out, newest first: state, players, and a link to each page. */
export async function ChallengesPanel({ userId }: { userId: string }) {
  const [t, tc, challenges] = await Promise.all([getTranslations("me.challenges"), getTranslations("challenge"), getDb().then((db) => listOwnChallenges(db, userId))]);
  const now = new Date();
  return (
    <Panel icon={Swords} title={t("title")}>
      {challenges.length === 0 ? (
        <EmptyState
          action={
            <Link href="/explore" className={buttonClass("primary", "sm")}>
              <Search className="size-4" aria-hidden />
              {t("explore")}
            </Link>
          }
        >
          {t("empty")}
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="own-challenges">
          {challenges.map((c) => {
            const state = challengeState(c, now);
            return (
              <li
                key={c.code}
                className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
                data-testid="own-challenge"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="truncate font-semibold">{c.quizTitle}</p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
                    <span className={clsx(pill, STATE_TONE[state])} data-testid="own-challenge-state">
                      {tc(`state.${state}`)}
                    </span>
                    <span className="font-mono">{c.code}</span>
                    <span aria-hidden>·</span>
                    <span>{t("players", { count: c.players })}</span>
                    <span aria-hidden>·</span>
                    <span>{t("attempts", { count: c.attempts })}</span>
                    <span aria-hidden>·</span>
                    <span>
                      {state === "closed" ? tc("closed") : tc("closes")} <LocalTime iso={c.closesAt.toISOString()} />
                    </span>
                  </div>
                </div>
                <Link href={`/challenge/${c.code}`} className={buttonClass("secondary", "sm")} aria-label={`${t("open")}: ${c.quizTitle} (${c.code})`}>
                  <ExternalLink className="size-4" aria-hidden />
                  {t("open")}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
