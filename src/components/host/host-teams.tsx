"use client";

import ArrowRight from "lucide-react/icons/arrow-right";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import type { HostView } from "@/core/live/protocol";
import { rankedTeams } from "@/core/live/teams";
import { TeamMark, TeamShapeIcon } from "@/components/teams/team-mark";
import { useTeamName } from "@/components/teams/use-team-name";
import { Scoreboard } from "./host-scoreboard";
import { Podium, PodiumFrame } from "./host-podium";
import type { Send } from "./use-host-socket";

/**
 * The big screen of a team game after each question and at the end (docs/rules.md §4 "Teams"):
 * the team scoreboard and the team podium come first, as a host running teams expects; the
 * players' own scoreboard and podium stay one press away ("Players"), since a class still wants
 * to see its best players.
 */
export function TeamScoreboardOrPlayers({ view, send, final = false }: { view: HostView; send: Send; final?: boolean }) {
  const t = useTranslations("teams");
  const [show, setShow] = useState<"teams" | "players">("teams");
  const toggle = (
    <div className="mx-auto mb-4 flex max-w-4xl items-center justify-end gap-2 2xl:max-w-6xl" role="group" aria-label={t("show")}>
      {(["teams", "players"] as const).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={show === k}
          onClick={() => setShow(k)}
          className={buttonClass(show === k ? "primary" : "secondary", "sm")}
          data-testid={`show-${k}`}
        >
          {k === "teams" ? t("showTeams") : t("showPlayers")}
        </button>
      ))}
    </div>
  );
  let body: ReactNode;
  if (show === "players") body = final ? <Podium view={view} send={send} /> : <Scoreboard view={view} send={send} />;
  else body = final ? <TeamPodium view={view} send={send} /> : <TeamScoreboard view={view} send={send} />;
  return (
    <div>
      {toggle}
      {body}
    </div>
  );
}

function TeamScoreboard({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("teams");
  const tl = useTranslations("live");
  const format = useFormatter();
  const teamName = useTeamName(view.settings.teams);
  const last = view.questionIndex + 1 >= view.questionCount;
  const all = view.teams ?? [];
  const ranked = rankedTeams(all);
  const empty = all.filter((x) => x.rank === null);
  return (
    <div className="mx-auto max-w-4xl space-y-6 2xl:max-w-6xl" data-testid="team-scoreboard">
      <div className="flex items-center gap-3">
        <h2 className="flex-1 text-4xl font-extrabold">{t("scoreboard")}</h2>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
          {last ? tl("toPodium") : tl("nextQuestion")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <p className="text-lg text-zinc-600 dark:text-zinc-400">{t("rule")}</p>
      <ol className="space-y-3">
        {ranked.map((team) => (
          <li
            key={team.team}
            className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white px-6 py-4 text-2xl font-bold lg:py-5 lg:text-3xl 2xl:text-4xl dark:border-zinc-800 dark:bg-zinc-900"
            data-testid="team-row"
            data-team={team.team}
            data-rank={team.rank}
            data-score={team.score}
          >
            <span className="w-10 font-mono text-brand-600 dark:text-brand-400">{team.rank}</span>
            <TeamMark team={team.team} name={teamName(team.team)} className="flex-1" iconClass="size-8 lg:size-10" />
            <span className="text-lg font-medium text-zinc-600 dark:text-zinc-300">{t("members", { count: team.players })}</span>
            <span className="w-48 text-right tabular-nums">
              {format.number(team.score ?? 0, { maximumFractionDigits: 1 })}
              <span className="ml-2 text-base font-medium text-zinc-600 dark:text-zinc-300">{t("average")}</span>
            </span>
          </li>
        ))}
      </ol>
      {empty.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-zinc-600 dark:text-zinc-400">
          <span>{t("notRanked")}:</span>
          {empty.map((team) => (
            <TeamMark key={team.team} team={team.team} name={teamName(team.team)} />
          ))}
        </p>
      )}
    </div>
  );
}

const PODIUM_STYLE = [
  { height: "h-56 lg:h-[36vh]", tone: "bg-amber-400 text-amber-950", order: "order-2" },
  { height: "h-40 lg:h-[26vh]", tone: "bg-zinc-300 text-zinc-900", order: "order-1" },
  { height: "h-28 lg:h-[18vh]", tone: "bg-orange-300 text-orange-950", order: "order-3" },
];

function TeamPodium({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("teams");
  return (
    <PodiumFrame title={t("podium")} send={send}>
      <TeamPodiumBlocks view={view} />
    </PodiumFrame>
  );
}

/** The three best teams on blocks (the podium, and the end screen above the report). */
export function TeamPodiumBlocks({ view }: { view: HostView }) {
  const format = useFormatter();
  const teamName = useTeamName(view.settings.teams);
  const top = rankedTeams(view.teams ?? []).slice(0, 3);
  return (
    <ol className="mx-auto flex max-w-4xl items-end justify-center gap-4 2xl:max-w-6xl" data-testid="team-podium">
      {top.map((team, i) => {
        const style = PODIUM_STYLE[i] ?? PODIUM_STYLE[2]!;
        return (
          <li key={team.team} className={clsx("flex w-1/3 flex-col items-center gap-2", style.order)} data-testid="team-podium-entry" data-team={team.team} data-rank={team.rank}>
            <TeamShapeIcon team={team.team} className="size-16 lg:size-20" />
            <span className="max-w-full truncate text-2xl font-extrabold lg:text-4xl">{teamName(team.team)}</span>
            <span className="text-xl font-semibold tabular-nums lg:text-3xl">{format.number(team.score ?? 0, { maximumFractionDigits: 1 })}</span>
            <span className={clsx("flex w-full items-start justify-center rounded-t-2xl pt-4 text-5xl font-black lg:text-7xl", style.height, style.tone)}>{team.rank}</span>
          </li>
        );
      })}
    </ol>
  );
}
