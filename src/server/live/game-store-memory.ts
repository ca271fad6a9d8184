import type { GameRow, GameWrite, StoredAnswer, StoredPlayer } from "@/core/live/stored";
import type { GameStore, NewGame } from "./game-store";

type Lease = { owner: string; expiresAt: number; handoffTo: string | null; epoch: number };
type Game = GameRow & { settings: NewGame["settings"]; extra: Omit<GameWrite, "snapshot" | "state" | "settings"> | null };

const CLOSED = new Set(["finished", "cancelled"]);

/**
 * The live games' store in memory, for unit tests of the engine's process (no database): the
 * same behaviour as the database store, proven by the same contract suite
 * (src/test/game-store-contract.ts). Rows are copied in and out, as a database would.
 */
export class MemoryGameStore implements GameStore {
  private readonly games = new Map<string, Game>();
  private readonly players = new Map<string, StoredPlayer & { gameId: string; score: number; streak: number; connected: boolean }>();
  private readonly answers = new Map<string, (StoredAnswer & { questionId: string })[]>();
  private readonly leases = new Map<string, Lease>();
  /** The database's sequence of fencing tokens: one for every game, never reused. */
  private lastEpoch = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async insertGame(input: NewGame, pins: () => string, attempts = 20) {
    for (let i = 0; i < attempts; i++) {
      const pin = pins();
      if ([...this.games.values()].some((g) => g.pin === pin && !CLOSED.has(g.state))) continue;
      this.games.set(input.id, {
        id: input.id,
        pin,
        quizId: input.quizId,
        hostId: input.hostId,
        state: "lobby",
        settings: structuredClone(input.settings),
        snapshot: JSON.parse(input.snapshot(pin)) as unknown,
        extra: null,
      });
      return { id: input.id, pin };
    }
    throw new Error("No free game PIN found");
  }

  private row(g: Game): GameRow {
    return { id: g.id, pin: g.pin, hostId: g.hostId, quizId: g.quizId, state: g.state, snapshot: structuredClone(g.snapshot) };
  }

  async getGame(gameId: string) {
    const g = this.games.get(gameId);
    return g ? this.row(g) : null;
  }

  async listOpenGames() {
    return [...this.games.values()].filter((g) => !CLOSED.has(g.state) && g.snapshot != null).map((g) => this.row(g));
  }

  async findOpenGameByPin(pin: string) {
    const g = [...this.games.values()].find((x) => x.pin === pin && !CLOSED.has(x.state));
    return g ? { id: g.id } : null;
  }

  async findPlayerByTokenHash(tokenHash: string) {
    for (const p of this.players.values()) {
      if (p.tokenHash !== tokenHash) continue;
      const g = this.games.get(p.gameId);
      if (g) return { playerId: p.id, gameId: p.gameId, kicked: p.kicked, pin: g.pin };
    }
    return null;
  }

  async commitGameBatch(...[gameId, batch, fence]: Parameters<GameStore["commitGameBatch"]>) {
    if (batch.answers.length === 0 && batch.players.length === 0 && !batch.game) return "stored" as const;
    const g = this.games.get(gameId);
    if (!g) throw new Error(`no game ${gameId}`); // the database's foreign keys refuse it too
    if (fence) {
      const l = this.leases.get(gameId);
      if (l?.owner !== fence.owner || l.epoch !== fence.epoch) return "lease_lost" as const;
    }
    for (const p of batch.players) {
      const old = this.players.get(p.id);
      this.players.set(p.id, {
        id: p.id,
        gameId,
        nickname: p.nickname,
        identifier: old?.identifier ?? p.identifier ?? null,
        team: p.team ?? null,
        tokenHash: p.newTokenHash ?? old?.tokenHash ?? p.tokenHash,
        classStudentId: old?.classStudentId ?? p.classStudentId ?? null,
        kicked: p.kicked,
        joinedAt: old?.joinedAt ?? new Date(p.joinedAt),
        score: p.score,
        streak: p.streak,
        connected: p.connected,
      });
    }
    const list = this.answers.get(gameId) ?? [];
    for (const a of batch.answers) {
      const same = (x: { playerId: string; questionId: string }) => x.playerId === a.playerId && x.questionId === a.questionId;
      // The same answer written again (an estimation re-scored at its reveal): its points and correctness.
      const mine = list.find(same);
      const again = mine && JSON.stringify(mine.answer) === JSON.stringify(a.answer) && mine.clientId === a.clientId && mine.answeredAt.getTime() === new Date(a.answeredAt).getTime();
      if (again) Object.assign(mine, { correct: a.correct, points: a.points });
      const taken = [...this.answers.values()].some((l) => l.some(same));
      if (taken || mine) continue;
      list.push({ ...structuredClone(a), answeredAt: new Date(a.answeredAt) });
    }
    this.answers.set(gameId, list);
    if (batch.game) {
      const { snapshot, state, settings, ...extra } = batch.game;
      g.state = state;
      g.settings = structuredClone(settings);
      g.snapshot = JSON.parse(snapshot) as unknown;
      g.extra = extra;
    }
    return "stored" as const;
  }

  async listGamePlayers(gameId: string) {
    return [...this.players.values()]
      .filter((p) => p.gameId === gameId)
      .map((p) => ({ id: p.id, nickname: p.nickname, identifier: p.identifier ?? null, team: p.team ?? null, tokenHash: p.tokenHash, kicked: p.kicked, joinedAt: new Date(p.joinedAt), classStudentId: p.classStudentId ?? null }));
  }

  async listGameAnswers(gameId: string) {
    // Stable: answers of one instant keep the order they were written in, as the id tie-break does.
    return (this.answers.get(gameId) ?? [])
      .map((a, i) => ({ a, i }))
      .sort((x, y) => x.a.answeredAt.getTime() - y.a.answeredAt.getTime() || x.i - y.i)
      .map(({ a }) => ({
        playerId: a.playerId,
        questionIndex: a.questionIndex,
        answer: structuredClone(a.answer),
        correct: a.correct,
        points: a.points,
        timeMs: a.timeMs,
        clientId: a.clientId,
        answeredAt: new Date(a.answeredAt),
      }));
  }

  async acquireLease(gameId: string, owner: string, ttlMs: number) {
    if (!this.games.has(gameId)) throw new Error(`no game ${gameId}`);
    const now = this.now();
    const held = this.leases.get(gameId);
    if (held && held.owner !== owner && held.expiresAt > now) return { ok: false as const, owner: held.owner };
    const epoch = held?.owner === owner ? held.epoch : ++this.lastEpoch;
    this.leases.set(gameId, { owner, expiresAt: now + ttlMs, handoffTo: null, epoch });
    return { ok: true as const, epoch };
  }

  async renewLeases(owner: string, gameIds: string[], ttlMs: number) {
    const held: string[] = [];
    const handoff: string[] = [];
    for (const id of gameIds) {
      const l = this.leases.get(id);
      if (l?.owner !== owner) continue;
      l.expiresAt = this.now() + ttlMs;
      held.push(id);
      if (l.handoffTo !== null) handoff.push(id);
    }
    return { held, handoff };
  }

  async requestHandoff(gameId: string, requester: string) {
    const l = this.leases.get(gameId);
    if (l && l.owner !== requester) l.handoffTo = requester;
  }

  async releaseLeases(owner: string, gameIds?: string[]) {
    for (const [id, l] of this.leases) if (l.owner === owner && (!gameIds || gameIds.includes(id))) this.leases.delete(id);
  }

  async clearLeases() {
    this.leases.clear();
  }
}
