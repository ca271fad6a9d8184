"use client";

import { clsx } from "clsx";
import { useEffect, useRef } from "react";
import { inputLook } from "@/components/ui/field";
import { useTranslations } from "next-intl";
import type { HostView, SettingsPatch } from "@/core/live/protocol";
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN, TEAMS, type TeamAssign } from "@/core/live/teams";
import { TeamMark } from "@/components/teams/team-mark";
import { useTeamName } from "@/components/teams/use-team-name";

const COUNTS = Array.from({ length: TEAM_COUNT_MAX - TEAM_COUNT_MIN + 1 }, (_, i) => TEAM_COUNT_MIN + i);

/**
 * Team mode in the lobby (docs/rules.md §4 "Teams"): off, or 2–8 teams dealt evenly or picked by
 * the players; with teams on, who is in which team so far.
 */
export function LobbyTeams({ view, patch }: { view: HostView; patch: (p: SettingsPatch) => void }) {
  const t = useTranslations("teams");
  const teams = view.settings.teams ?? null;
  const teamName = useTeamName(teams);
  // The names in this screen's language go with every change, so the phones show the big screen's.
  const ownName = useTeamName();
  const names = TEAMS.map((_, i) => ownName(i));
  const assign: TeamAssign = teams?.assign ?? "even";
  // A host screen opened (or switched) in another language than the stored names renames the teams
  // for everyone, once per language: in the lobby the screen's language is the room's.
  const key = names.join("\n");
  const sent = useRef("");
  useEffect(() => {
    if (!teams || teams.names?.join("\n") === key || sent.current === key) return;
    sent.current = key;
    patch({ teams: { count: teams.count, assign: teams.assign, names } });
  });
  return (
    <section className="rounded-2xl border border-zinc-200 p-4 dark:border-zinc-700" aria-labelledby="lobby-teams-heading" data-testid="lobby-teams">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="lobby-teams-heading" className="flex-1 text-lg font-bold">
          {t("heading")}
        </h3>
        <label htmlFor="team-count" className="sr-only">
          {t("setting")}
        </label>
        <select
          id="team-count"
          data-testid="team-count"
          value={teams ? String(teams.count) : "off"}
          onChange={(e) => patch({ teams: e.target.value === "off" ? null : { count: Number(e.target.value), assign, names } })}
          className={clsx(inputLook, "h-10 max-w-full font-medium")}
        >
          <option value="off">{t("off")}</option>
          {COUNTS.map((n) => (
            <option key={n} value={String(n)}>
              {t("count", { count: n })}
            </option>
          ))}
        </select>
      </div>
      {teams && (
        <>
          <fieldset className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            <legend className="mb-1 text-sm font-semibold">{t("assignLegend")}</legend>
            {(["even", "pick"] as const).map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="radio"
                  name="team-assign"
                  value={a}
                  checked={assign === a}
                  onChange={() => patch({ teams: { count: teams.count, assign: a, names } })}
                  className="size-4 accent-brand-600"
                  data-testid={`team-assign-${a}`}
                />
                {t(a)}
              </label>
            ))}
          </fieldset>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("rule")}</p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label={t("heading")}>
            {(view.teams ?? []).map((team) => {
              const members = view.players.filter((p) => p.team === team.team).map((p) => p.nickname);
              return (
                <li key={team.team} className="rounded-xl bg-zinc-50 px-3 py-2 dark:bg-zinc-800" data-testid="lobby-team" data-team={team.team} data-players={team.players}>
                  <p className="flex items-center justify-between gap-2 font-bold">
                    <TeamMark team={team.team} name={teamName(team.team)} />
                    <span className="text-sm font-medium text-zinc-600 dark:text-zinc-300">{t("members", { count: team.players })}</span>
                  </p>
                  {members.length > 0 && <p className="mt-1 truncate text-sm text-zinc-700 dark:text-zinc-300">{members.join(", ")}</p>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
