/**
 * The per-team table of a live team game's report (docs/rules.md §4 "Teams", §12): each team's
 * players, mean score and rank, by the same rules as the big screen (src/core/live/teams.ts).
 */
import { gameTeamName, rankedTeams, teamKey, teamStandings } from "../live/teams";

export type ReportTeam = {
  /** The team's key (src/core/live/teams.ts TEAMS): "foxes", "owls", … */
  team: string;
  /** The team's name as the game fixed it (the host's language); absent in games from before. */
  name?: string;
  players: number;
  /** The mean of its players' scores, one decimal; null for a team with nobody in it. */
  score: number | null;
  /** Equal means share a rank; null for a team with nobody in it. */
  rank: number | null;
};

/** Best first (a tie in team order), then the teams with nobody in them. */
export function reportTeams(players: readonly { team?: number | null; score: number }[], count: number, names?: readonly string[]): ReportTeam[] {
  const standings = teamStandings(
    players.map((p) => ({ team: p.team ?? null, score: p.score, kicked: false })),
    count,
  );
  const ranked = rankedTeams(standings);
  const empty = standings.filter((t) => t.rank === null);
  return [...ranked, ...empty].map((t) => {
    const name = gameTeamName({ names }, t.team);
    return { team: teamKey(t.team), ...(name !== undefined && { name }), players: t.players, score: t.score, rank: t.rank };
  });
}

