import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { checkGameJoins, checkPinJoin, countGameJoin, countWrongPin, rememberJoin, resetRateLimits } from "./rate-limit";

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

beforeEach(() => resetRateLimits());

describe("joins per game", () => {
  it("lets a game take maxPlayers joins a minute and refuses the next", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await code(checkGameJoins("game-a", 3))).toBe("ok");
      await countGameJoin("game-a");
    }
    expect(await code(checkGameJoins("game-a", 3))).toBe("rate_limited");
    // Another game is counted apart.
    expect(await code(checkGameJoins("game-b", 3))).toBe("ok");
  });

  it("lets 300 phones of one address join a game of 300", async () => {
    for (let i = 0; i < 300; i++) {
      expect(await code(checkPinJoin("198.51.100.7", "game-a"))).toBe("ok");
      expect(await code(checkGameJoins("game-a", 300))).toBe("ok");
      await countGameJoin("game-a");
      await rememberJoin("198.51.100.7", "game-a");
    }
  });
});

describe("wrong PINs per address (shipped default: 20 a minute)", () => {
  it("refuses the address's guesses beyond the limit, not another address's", async () => {
    for (let i = 0; i < 20; i++) expect(await code(countWrongPin("198.51.100.7"))).toBe("ok");
    expect(await code(countWrongPin("198.51.100.7"))).toBe("rate_limited");
    expect(await code(countWrongPin("203.0.113.9"))).toBe("ok");
  });

  it("never refuses the right PIN of a game the address's players are joining", async () => {
    await rememberJoin("198.51.100.7", "game-a");
    for (let i = 0; i < 25; i++) await code(countWrongPin("198.51.100.7"));
    expect(await code(checkPinJoin("198.51.100.7", "game-a"))).toBe("ok");
  });

  it("answers a guesser over the limit the same for a right PIN of another game", async () => {
    for (let i = 0; i < 25; i++) await code(countWrongPin("198.51.100.7"));
    expect(await code(checkPinJoin("198.51.100.7", "game-b"))).toBe("rate_limited");
    expect(await code(checkPinJoin("203.0.113.9", "game-b"))).toBe("ok");
  });

  it("lets an address under the limit join any open game", async () => {
    for (let i = 0; i < 19; i++) await code(countWrongPin("198.51.100.7"));
    expect(await code(checkPinJoin("198.51.100.7", "game-b"))).toBe("ok");
  });
});
