import { joinTeam } from "./teams";
import type { Fx, Reply } from "./effects";
import { activeCount, err, findPlayer, firstQuestionFor, newPlayer, rank, TERMINAL, withPlayer, type GameState, type LiveError, type PlayerState } from "./state";

/**
 * One device per roster name in a live game for a class (docs/rules.md §13). A name is held by
 * the player who took it until the host releases it; then the next device to take it continues
 * as that player (same score and answers), and the released device is disconnected.
 */
export type ClaimInGame =
  /** Nobody in the game has this name yet: a new player. */
  | { kind: "new" }
  /** The host released it: the device takes the player over. */
  | { kind: "takeover"; player: PlayerState }
  /** Another device holds it. */
  | { kind: "claimed" }
  /** The host removed the player who had it: the name stays out of this game. */
  | { kind: "removed" };

export function claimInGame(players: readonly PlayerState[], studentId: string): ClaimInGame {
  const holder = players.find((p) => p.rosterId === studentId);
  if (!holder) return { kind: "new" };
  if (holder.kicked) return { kind: "removed" };
  return holder.released ? { kind: "takeover", player: holder } : { kind: "claimed" };
}

/** Whether the host may release this player's name: a roster name, still in a game not over. */
export function releasable(p: Pick<PlayerState, "rosterId" | "kicked">): boolean {
  return Boolean(p.rosterId) && !p.kicked;
}

type Step = { ok: true; state: GameState; reply?: Reply } | { ok: false; error: LiveError };

/**
 * A device joins a game for a class under a roster name the server let it take
 * (src/core/classes/live.ts): a new player, or the player whose name the host released. Typed and
 * generated nicknames have no place in a class game.
 */
export function joinRoster(
  s: GameState,
  cmd: { playerId: string; claim?: { studentId: string; name: string }; team?: number },
  now: number,
  fx: Fx,
): Step {
  if (s.phase === "podium" || TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (!s.classGame || !cmd.claim) {
    return { ok: false, error: err("validation_failed", s.classGame ? "Pick your name from the class list." : "This game is not for a class.") };
  }
  const { studentId, name } = cmd.claim;
  const found = claimInGame(s.players, studentId);
  switch (found.kind) {
    case "removed":
      return { ok: false, error: err("forbidden", "The host removed this name from the game.") };
    case "claimed":
      return { ok: false, error: err("roster_name_claimed", "Someone on another device has this name. If it is yours, ask the host to release it.") };
    case "takeover": {
      const p = found.player;
      // The snapshot keeps who holds a name: a restart must not hand it back to the released device.
      fx.persistGame();
      fx.persistPlayers([p.id]);
      fx.sendHost(true);
      fx.sendPlayer(p.id);
      const state = withPlayer(s, { ...p, released: false, connected: true, droppedAt: null });
      return { ok: true, state, reply: { kind: "joined", playerId: p.id, nickname: p.nickname, rerollsLeft: 0, takeover: true } };
    }
    case "new":
      break;
  }
  if (findPlayer(s, cmd.playerId)) return { ok: false, error: err("invalid_state", "This player has already joined.") };
  if (s.settings.locked) return { ok: false, error: err("game_locked", "The host has locked this game.") };
  if (activeCount(s) >= s.settings.maxPlayers) return { ok: false, error: err("game_full", "This game is full.") };
  // A teacher's rename during the game may have given this name to someone else's entry.
  const lower = name.toLowerCase();
  if (s.players.some((p) => p.nickname.toLowerCase() === lower)) {
    return { ok: false, error: err("nickname_taken", "Someone in this game already has that nickname.") };
  }
  const player = newPlayer({
    id: cmd.playerId,
    nickname: name,
    generated: false,
    rerollsLeft: 0,
    joinSeq: s.joinCount,
    joinedAt: now,
    firstQuestion: firstQuestionFor(s),
    // The roster name says who the player is: a class game asks no join field (docs/rules.md §13).
    identifier: null,
    rosterId: studentId,
  });
  fx.persistPlayers([cmd.playerId]);
  fx.sendHost(true);
  fx.sendPlayer(cmd.playerId);
  const lobbyRank = s.phase === "lobby" ? activeCount(s) + 1 : null;
  // A game for a class may also play in teams: the name picker offers none, so "picked" deals too.
  const team = s.settings.teams ? { team: joinTeam(s.players, s.settings.teams, cmd.team) } : null;
  const grown = { ...s, players: [...s.players, { ...player, rank: lobbyRank, ...team }], joinCount: s.joinCount + 1 };
  return { ok: true, state: lobbyRank === null ? rank(grown) : grown, reply: { kind: "joined", playerId: cmd.playerId, nickname: name, rerollsLeft: 0 } };
}

/** The host frees a player's roster name: its device is disconnected and its token stops working. */
export function releaseName(s: GameState, playerId: string, fx: Fx): Step {
  const p = findPlayer(s, playerId);
  if (!p || p.kicked) return { ok: false, error: err("not_found", "No such player in this game.") };
  if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (!releasable(p)) return { ok: false, error: err("invalid_state", "Only a name from the class list can be released.") };
  if (p.released) return { ok: true, state: s };
  fx.release(p.id);
  fx.persistGame();
  fx.persistPlayers([p.id]);
  fx.sendHost();
  return { ok: true, state: withPlayer(s, { ...p, released: true, connected: false, droppedAt: null }) };
}
