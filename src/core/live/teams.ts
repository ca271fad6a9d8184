/**
 * Team mode of a live game (docs/rules.md §4 "Teams"): the host sets 2–8 teams in the lobby and
 * whether the server deals players out evenly or each player picks a team when joining. A team's
 * score is the mean of its players' points, so a bigger team has no edge; a team with nobody in it
 * has no score and no rank. Pure and free of zod: the phone's bundle imports the team list.
 */

export const TEAM_COUNT_MIN = 2;
export const TEAM_COUNT_MAX = 8;
export const TEAM_ASSIGN = ["even", "pick"] as const;
export type TeamAssign = (typeof TEAM_ASSIGN)[number];
/** The longest team name the host's screen may give the phones. */
export const TEAM_NAME_MAX = 40;
/**
 * The host's choice; null (the default) when the game is played alone. `names`: the teams' names
 * in the host's language (src/core/live/schemas.ts), absent in games from before.
 */
export type TeamSettings = { count: number; assign: TeamAssign; names?: string[] };

/** A team's name as the game fixed it (the host's language); undefined when the game has none. */
export function gameTeamName(settings: { names?: readonly string[] } | null | undefined, team: number): string | undefined {
  return settings?.names?.[team];
}

export const TEAM_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "heart"] as const;
export type TeamShape = (typeof TEAM_SHAPES)[number];

/**
 * The eight teams, in the order a game uses them: a stable key (the name in each language is
 * `teams.names.<key>` in the messages; exports use the key) and a shape, so that teams are told
 * apart by name and shape as well as by colour.
 */
export const TEAMS = [
  { key: "foxes", shape: "circle" },
  { key: "owls", shape: "square" },
  { key: "bears", shape: "triangle" },
  { key: "dolphins", shape: "diamond" },
  { key: "eagles", shape: "star" },
  { key: "wolves", shape: "hexagon" },
  { key: "tigers", shape: "cross" },
  { key: "pandas", shape: "heart" },
] as const satisfies readonly { key: string; shape: TeamShape }[];
export type TeamKey = (typeof TEAMS)[number]["key"];

export function teamKey(team: number): TeamKey {
  return TEAMS[team]?.key ?? TEAMS[0].key;
}

/** What the team rules read of a player. */
export type TeamMember = { team?: number | null; kicked: boolean; score: number };

function sizes(players: readonly TeamMember[], count: number): number[] {
  const n = new Array<number>(count).fill(0);
  for (const p of players) if (!p.kicked && p.team != null && p.team < count) n[p.team]!++;
  return n;
}

/** The team with the fewest players (not kicked); the first such team on a tie. */
export function evenTeam(players: readonly TeamMember[], count: number): number {
  const n = sizes(players, count);
  let best = 0;
  for (let i = 1; i < count; i++) if (n[i]! < n[best]!) best = i;
  return best;
}

/**
 * The team of a player joining now: the one picked, when the host lets players pick and the pick
 * is a team of this game; otherwise (dealt evenly, or no valid pick) the smallest team.
 */
export function joinTeam(players: readonly TeamMember[], settings: TeamSettings, picked?: number | null): number {
  if (settings.assign === "pick" && picked != null && Number.isInteger(picked) && picked >= 0 && picked < settings.count) return picked;
  return evenTeam(players, settings.count);
}

/**
 * The players' teams after the host changes the team setting in the lobby. Off: nobody has a
 * team. Dealt evenly: dealt again in join order (1st to team 1, 2nd to team 2, …). Picked: a pick
 * that is still a team stays, the others go to the smallest team, in join order. Kicked players
 * keep what they had. Players whose team does not change are the same objects.
 */
export function reassignTeams<P extends TeamMember>(players: readonly P[], settings: TeamSettings | null): P[] {
  const set = (p: P, team: number | null): P => ((p.team ?? null) === team ? p : { ...p, team });
  if (!settings) return players.map((p) => (p.kicked ? p : set(p, null)));
  if (settings.assign === "even") {
    let i = 0;
    return players.map((p) => (p.kicked ? p : set(p, i++ % settings.count)));
  }
  const out: P[] = players.map((p) => (p.kicked || (p.team != null && p.team < settings.count) ? p : set(p, null)));
  return out.map((p, i) => {
    if (p.kicked || p.team != null) return p;
    const placed = set(p, evenTeam(out, settings.count));
    out[i] = placed;
    return placed;
  });
}

export type TeamStanding = {
  /** The team's index (0-based) in TEAMS. */
  team: number;
  /** Its players, kicked ones left out. */
  players: number;
  /** The mean of its players' scores, one decimal; null for a team with nobody in it. */
  score: number | null;
  /** 1-based; teams with the same mean share a rank (1, 1, 3); null for a team with nobody in it. */
  rank: number | null;
};

/**
 * Every team of the game in team order, with its mean score and rank. Means are compared exactly
 * (sum × size against sum × size), not as rounded numbers.
 */
export function teamStandings(players: readonly TeamMember[], count: number): TeamStanding[] {
  const sum = new Array<number>(count).fill(0);
  const size = new Array<number>(count).fill(0);
  for (const p of players) {
    if (p.kicked || p.team == null || p.team >= count) continue;
    sum[p.team]! += p.score;
    size[p.team]!++;
  }
  const cmp = (a: number, b: number) => sum[b]! * size[a]! - sum[a]! * size[b]!; // b's mean − a's mean, scaled
  const order = [...Array(count).keys()].filter((t) => size[t]! > 0).sort((a, b) => cmp(a, b) || a - b);
  const rank = new Array<number | null>(count).fill(null);
  order.forEach((t, i) => {
    const prev = order[i - 1];
    rank[t] = prev !== undefined && cmp(prev, t) === 0 ? rank[prev]! : i + 1;
  });
  return [...Array(count).keys()].map((t) => ({
    team: t,
    players: size[t]!,
    score: size[t]! === 0 ? null : Math.round((sum[t]! / size[t]!) * 10) / 10,
    rank: rank[t]!,
  }));
}

/** The ranked teams, best first (a tie in team order); teams with nobody in them left out. */
export function rankedTeams(standings: readonly TeamStanding[]): TeamStanding[] {
  return standings.filter((t) => t.rank !== null).sort((a, b) => a.rank! - b.rank! || a.team - b.team);
}
