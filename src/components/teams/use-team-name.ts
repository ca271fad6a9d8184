"use client";

import { useTranslations } from "next-intl";
import { gameTeamName, teamKey, type TeamSettings } from "@/core/live/teams";

/**
 * A team's name by its index: the name the game fixed (the host's language, so that the big screen
 * and every phone agree) when `teams` carries names, else the page's language (the "teams" messages).
 */
export function useTeamName(teams?: Pick<TeamSettings, "names"> | null): (team: number) => string {
  const t = useTranslations("teams");
  return (team: number) => gameTeamName(teams, team) ?? t(`names.${teamKey(team)}`);
}
