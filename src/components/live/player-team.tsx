"use client";

import { useTranslations } from "next-intl";
import type { PlayerView } from "@/core/live/protocol";
import { TeamMark } from "@/components/teams/team-mark";
import { useTeamName } from "@/components/teams/use-team-name";

/**
 * A team game's phone: the player's team (its name and shape) and, once a question has been
 * scored, the team's rank among the teams with players. Loaded only in a team game.
 */
export function PlayerTeam({ team, ranked }: { team: NonNullable<PlayerView["me"]["team"]>; ranked: boolean }) {
  const t = useTranslations("teams");
  const teamName = useTeamName();
  return (
    <div
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-zinc-200 px-3 py-2 dark:border-zinc-700"
      data-testid="player-team"
      data-team={team.index}
      data-team-rank={team.rank ?? ""}
    >
      <span className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        {t("yourTeam")}
        <TeamMark team={team.index} name={team.name ?? teamName(team.index)} className="text-base font-bold text-zinc-900 dark:text-zinc-100" />
      </span>
      {ranked && team.rank !== null && <span className="text-sm font-semibold tabular-nums">{t("teamRank", { rank: team.rank, of: team.of })}</span>}
    </div>
  );
}
