import "server-only";
import { Redis } from "ioredis";
import { env } from "@/env";
import { log } from "@/log";

/**
 * The process's Redis connection (REDIS_URL), shared by the rate limits and /api/ready, or null
 * without REDIS_URL. Kept on globalThis: Next's bundles and the custom server each load this
 * module, and one connection per process is enough.
 *
 * Commands fail at once while the connection is down (no offline queue): a rate limit then falls
 * back to its in-memory count (src/server/rate-limit.ts) instead of holding the request until
 * Redis is back. The client reconnects by itself, every 2 s at most.
 */
const KEY = Symbol.for("quizdeck.redis");
const slot = globalThis as typeof globalThis & { [KEY]?: Redis | null };

export function createRedis(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let down = false;
  // Without a listener ioredis prints every failed reconnect; one line when it goes, one when back.
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log().warn({ component: "redis", err: err.message }, "Redis unreachable; rate limits count in this process until it is back");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log().info({ component: "redis" }, "Redis reachable again");
  });
  return client;
}

export function redis(): Redis | null {
  if (slot[KEY] === undefined) {
    const url = env().REDIS_URL;
    slot[KEY] = url ? createRedis(url) : null;
  }
  return slot[KEY];
}

/** Closes the connection (shutdown). */
export async function closeRedis(): Promise<void> {
  const client = slot[KEY];
  slot[KEY] = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}

/**
 * Whether Redis answers PING within the timeout. A connection still being made (just after
 * start-up, or reconnecting) is waited for within that time: without an offline queue a PING sent
 * before it is up fails at once, and a fresh instance would call itself not ready.
 */
export async function pingRedis(client: Redis, timeoutMs = 1_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    if (client.status !== "ready") {
      const connected = new Promise<true>((resolve) => client.once("ready", (onReady = () => resolve(true))));
      if (!(await Promise.race([connected, expired]))) return false;
    }
    return await Promise.race([client.ping().then((r) => r === "PONG"), expired]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    if (onReady) client.off("ready", onReady);
  }
}
