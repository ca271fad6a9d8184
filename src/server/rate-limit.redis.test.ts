import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRedisServer, startRedis, type TestRedis } from "@/test/redis-server";
import { AppError } from "./errors";
import { RateLimits } from "./rate-limit";
import { createRedis } from "./redis";

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );
const ready = (c: Redis) => new Promise<void>((resolve) => (c.status === "ready" ? resolve() : c.once("ready", () => resolve())));

/**
 * Two instances behind a balancer, each with its own limiters and its own connection to one Redis
 * (REDIS_URL): a client's requests count once wherever they land. Then Redis goes away: requests
 * are still answered, counted in each process's memory.
 */
/** A Redis server and two instances' limiters, each instance with its own connection to it. */
async function twoInstances() {
  const server: TestRedis = await startRedis();
  const clients = [createRedis(server.url), createRedis(server.url)];
  await Promise.all(clients.map(ready));
  const [a, b] = clients.map((c) => new RateLimits(c)) as [RateLimits, RateLimits];
  const stop = async () => {
    for (const c of clients) c.disconnect();
    await server.stop();
  };
  return { server, clients, a, b, stop };
}

describe.skipIf(!hasRedisServer)("rate limits shared through Redis", () => {
  let clients: Redis[];
  let a: RateLimits;
  let b: RateLimits;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ clients, a, b, stop } = await twoInstances());
  });
  afterAll(async () => {
    await stop?.();
  });

  it("counts one address's wrong PINs across both instances (shipped limit: 20 a minute)", async () => {
    for (let i = 0; i < 10; i++) {
      expect(await code(a.consume("pinGuess", "198.51.100.7"))).toBe("ok");
      expect(await code(b.consume("pinGuess", "198.51.100.7"))).toBe("ok");
    }
    // The 21st, on either instance, is over the limit; each alone has counted only 10.
    expect(await code(a.consume("pinGuess", "198.51.100.7"))).toBe("rate_limited");
    expect(await code(b.consume("pinGuess", "198.51.100.7"))).toBe("rate_limited");
    expect(await code(b.consume("pinGuess", "203.0.113.9"))).toBe("ok");
    expect((await a.get("pinGuess", "198.51.100.7"))?.consumedPoints).toBe(22);
    expect(await clients[0]!.exists("quizdeck:rl:pinGuess:198.51.100.7")).toBe(1);
  });

  it("keeps one slow lane per address across both instances", async () => {
    const turns = [a.turn("198.51.100.8", 400, 3), b.turn("198.51.100.8", 400, 3), a.turn("198.51.100.8", 400, 3)];
    // Redis orders commands per connection, not across them: a ping answered on each connection
    // means the three reservations before it are in, whichever instance the fourth goes through.
    await Promise.all(clients.map((c) => c.ping()));
    // The lane holds three turns, reserved through two instances: a fourth is refused on either.
    expect(await code(b.turn("198.51.100.8", 400, 3))).toBe("rate_limited");
    await Promise.all(turns);
  });

  it("falls back to counting in each process's memory while Redis is gone", async () => {
    // A Redis of its own, which this test stops: the others' stays up, whatever the order.
    const gone = await twoInstances();
    try {
      await gone.server.stop();
      await new Promise<void>((resolve) => {
        const check = () => (gone.clients.every((c) => c.status !== "ready") ? resolve() : setTimeout(check, 20));
        check();
      });
      // Answered at once (no waiting for Redis), and the limit still holds, per process.
      for (let i = 0; i < 20; i++) expect(await code(gone.a.consume("pinGuess", "192.0.2.1"))).toBe("ok");
      expect(await code(gone.a.consume("pinGuess", "192.0.2.1"))).toBe("rate_limited");
      expect(await code(gone.b.consume("pinGuess", "192.0.2.1"))).toBe("ok");
      // The slow lane, too, works in memory.
      await gone.a.turn("192.0.2.1", 10, 3);
    } finally {
      await gone.stop();
    }
  });
});
