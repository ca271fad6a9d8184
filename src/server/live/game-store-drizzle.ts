import "server-only";
import type { Db } from "@/db/client";
import {
  commitGameBatch,
  findOpenGameByPin,
  findPlayerByTokenHash,
  getGame,
  insertGame,
  listGameAnswers,
  listGamePlayers,
  listOpenGames,
} from "@/db/queries/games";
import { acquireLease, clearLeases, releaseLeases, renewLeases, requestHandoff } from "@/db/queries/leases";
import type { GameStore } from "./game-store";

/**
 * The live games' store on the app's database: PGlite or PostgreSQL, through the same Drizzle
 * queries (src/db/queries/games.ts, leases.ts). `db` is asked for on every call, so a store can
 * exist before the database has opened.
 */
export class DrizzleGameStore implements GameStore {
  constructor(private readonly db: () => Promise<Db>) {}

  async insertGame(...[input, pins]: Parameters<GameStore["insertGame"]>) {
    return insertGame(await this.db(), input, pins);
  }
  async getGame(gameId: string) {
    return getGame(await this.db(), gameId);
  }
  async listOpenGames() {
    return listOpenGames(await this.db());
  }
  async findOpenGameByPin(pin: string) {
    const row = await findOpenGameByPin(await this.db(), pin);
    return row ? { id: row.id } : null;
  }
  async findPlayerByTokenHash(tokenHash: string) {
    return findPlayerByTokenHash(await this.db(), tokenHash);
  }
  async commitGameBatch(...[gameId, batch, fence]: Parameters<GameStore["commitGameBatch"]>) {
    return commitGameBatch(await this.db(), gameId, batch, fence);
  }
  async listGamePlayers(gameId: string) {
    return listGamePlayers(await this.db(), gameId);
  }
  async listGameAnswers(gameId: string) {
    return listGameAnswers(await this.db(), gameId);
  }
  async acquireLease(gameId: string, owner: string, ttlMs: number) {
    return acquireLease(await this.db(), gameId, owner, ttlMs);
  }
  async renewLeases(owner: string, gameIds: string[], ttlMs: number) {
    return renewLeases(await this.db(), owner, gameIds, ttlMs);
  }
  async requestHandoff(gameId: string, requester: string) {
    return requestHandoff(await this.db(), gameId, requester);
  }
  async releaseLeases(owner: string, gameIds?: string[]) {
    return releaseLeases(await this.db(), owner, gameIds);
  }
  async clearLeases() {
    return clearLeases(await this.db());
  }
}
