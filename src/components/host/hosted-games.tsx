import BarChart3 from "lucide-react/icons/chart-column";
import Download from "lucide-react/icons/download";
import MonitorPlay from "lucide-react/icons/monitor-play";
import Users from "lucide-react/icons/users";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { LocalTime } from "@/components/ui/local-time";
import { hostedGames } from "@/server/hosted-games";

/**
 * A host's live games, newest first, each with its report page (/games/{id}/report) and CSV. For /me:
 * `<HostedGames userId={viewer.id} />`.
 */
export async function HostedGames({ userId, limit = 20 }: { userId: string; limit?: number }) {
  const [t, tr, games] = await Promise.all([getTranslations("live"), getTranslations("gameReport"), hostedGames(userId, limit)]);
  return (
    <section aria-labelledby="hosted-games-heading" data-testid="hosted-games">
      <h2 id="hosted-games-heading" className="flex items-center gap-2 text-xl font-bold">
        <MonitorPlay className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
        {t("hostedGames")}
      </h2>
      {games.length === 0 ? (
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("noHostedGames")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {games.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <Link href={`/host/${g.id}`} className="font-semibold hover:underline">
                  {g.quizTitle}
                </Link>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  <LocalTime iso={g.createdAt.toISOString()} /> · {t(`state.${g.state}`)}
                </p>
              </div>
              <span className="inline-flex items-center gap-1 text-sm tabular-nums">
                <Users className="size-4" aria-hidden />
                <span className="sr-only">{t("playersLabel")}</span>
                {g.playerCount}
              </span>
              {g.state !== "finished" && g.state !== "cancelled" && (
                // A game still open (in its lobby or under way): back to its host screen, to go on or end it.
                <Link href={`/host/${g.id}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300" data-testid="hosted-open">
                  <MonitorPlay className="size-4" aria-hidden />
                  {t("openHostScreen")}
                </Link>
              )}
              {g.state !== "lobby" && (
                <Link href={`/games/${g.id}/report`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300" data-testid="hosted-report">
                  <BarChart3 className="size-4" aria-hidden />
                  {tr("openReport")}
                </Link>
              )}
              {(g.state === "finished" || g.state === "cancelled") && (
                <a href={`/host/${g.id}/report`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300" download>
                  <Download className="size-4" aria-hidden />
                  {t("downloadCsv")}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
