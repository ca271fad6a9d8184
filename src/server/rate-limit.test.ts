import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { checkGameJoins, countGameJoin, countWrongPin, guesserTurn, joinsAtOnce, rememberJoin, resetRateLimits } from "./rate-limit";

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
      expect(await joinsAtOnce("198.51.100.7", "game-a")).toBe(true);
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

  it("lets a class in at once once one of them joined, even over the limit", async () => {
    await rememberJoin("198.51.100.7", "game-a");
    for (let i = 0; i < 25; i++) await code(countWrongPin("198.51.100.7"));
    expect(await joinsAtOnce("198.51.100.7", "game-a")).toBe(true);
  });

  it("sends an address over the limit to its slow lane for other games, and never refuses there", async () => {
    for (let i = 0; i < 25; i++) await code(countWrongPin("198.51.100.7"));
    expect(await joinsAtOnce("198.51.100.7", "game-b")).toBe(false);
    expect(await joinsAtOnce("203.0.113.9", "game-b")).toBe(true);
    // Turns are taken one after another, however many arrive at once.
    const done: number[] = [];
    await Promise.all([0, 1, 2].map((i) => guesserTurn("198.51.100.7", 20).then(() => done.push(i))));
    expect(done).toEqual([0, 1, 2]);
  });

  it("lets an address under the limit join any open game", async () => {
    for (let i = 0; i < 19; i++) await code(countWrongPin("198.51.100.7"));
    expect(await joinsAtOnce("198.51.100.7", "game-b")).toBe(true);
  });
});
