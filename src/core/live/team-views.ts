import type { GameState } from "./state";
import { gameTeamName, teamStandings, type TeamStanding } from "./teams";

/**
 * The team standings of a state, for the host's and the players' views: computed once per players
 * array (a broadcast to 2,000 phones reads them 2,000 times). Only team games come here.
 */
type Cached = { count: number; standings: TeamStanding[]; ranked: number };
const cache = new WeakMap<GameState["players"], Cached>();

function cached(s: GameState, count: number): Cached {
  let c = cache.get(s.players);
  if (!c || c.count !== count) {
    const standings = teamStandings(s.players, count);
    c = { count, standings, ranked: standings.filter((t) => t.rank !== null).length };
    cache.set(s.players, c);
  }
  return c;
}

/** Every team in team order; undefined when the game is played alone. */
export function teamsOf(s: GameState): TeamStanding[] | undefined {
  return s.settings.teams ? cached(s, s.settings.teams.count).standings : undefined;
}

/** A player's team as the phone shows it: which one, its rank, among how many ranked teams. */
export function teamOfPlayer(s: GameState, team: number | null | undefined): { index: number; rank: number | null; of: number; name?: string } | undefined {
  if (!s.settings.teams || team == null) return undefined;
  const c = cached(s, s.settings.teams.count);
  const name = gameTeamName(s.settings.teams, team);
  return { index: team, rank: c.standings[team]?.rank ?? null, of: c.ranked, ...(name !== undefined && { name }) };
}
