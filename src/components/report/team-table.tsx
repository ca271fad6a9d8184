"use client";

import type { GameReport } from "@/core/report/build";
import { TEAMS } from "@/core/live/teams";
import { useTranslations } from "next-intl";
import { TeamMark } from "@/components/teams/team-mark";
import { useReportFormat } from "./use-report-format";

const indexOf = (key: string) => Math.max(0, TEAMS.findIndex((t) => t.key === key));

/**
 * A team's shape and name in the report (the player grid and the team table): the name the game
 * gave it (the host's language), or, for a game from before team names were kept, the reader's.
 */
export function ReportTeamMark({ team, teams, className }: { team: string; teams: NonNullable<GameReport["teams"]>; className?: string }) {
  const t = useTranslations("teams");
  const name = teams.find((x) => x.team === team)?.name;
  return <TeamMark team={indexOf(team)} name={name ?? t(`names.${team}`)} className={className} iconClass="size-4" />;
}

/** A team game's report: each team's players, mean score and rank (docs/rules.md §4 "Teams"). */
export function TeamTable({ teams }: { teams: NonNullable<GameReport["teams"]> }) {
  const t = useTranslations("teams");
  const f = useReportFormat();
  return (
    <section aria-labelledby="teams-heading" className="report-print-block">
      <h2 id="teams-heading" className="text-xl font-bold">
        {t("reportHeading")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("reportLead")}</p>
      <div className="relative mt-3 overflow-x-auto rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <table className="min-w-full text-sm" data-testid="report-teams">
          <thead className="bg-zinc-50 text-left text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:bg-zinc-950/40 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2">{t("colRank")}</th>
              <th scope="col" className="px-3 py-2">{t("colTeam")}</th>
              <th scope="col" className="px-3 py-2 text-right">{t("colPlayers")}</th>
              <th scope="col" className="px-3 py-2 text-right">{t("colScore")}</th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.team} className="border-t border-zinc-200 dark:border-zinc-800" data-testid="report-team" data-team={team.team} data-rank={team.rank ?? ""} data-score={team.score ?? ""}>
                <td className="px-3 py-2 tabular-nums">{team.rank ?? "–"}</td>
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  <ReportTeamMark team={team.team} teams={teams} />
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{f.number(team.players)}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">{team.score === null ? "–" : f.number(team.score)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
