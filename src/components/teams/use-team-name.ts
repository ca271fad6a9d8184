"use client";

import { useTranslations } from "next-intl";
import { teamKey } from "@/core/live/teams";

/** A team's name in the page's language, by its index (the "teams" messages). */
export function useTeamName(): (team: number) => string {
  const t = useTranslations("teams");
  return (team: number) => t(`names.${teamKey(team)}`);
}
