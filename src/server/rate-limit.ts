import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/env";
import { AppError } from "./errors";

/**
 * Rate limits of PRODUCT.md §9, counted in this process's memory (one server; a cluster would
 * swap in rate-limiter-flexible's Redis store behind the same functions).
 */
const limits = () => {
  const e = env();
  return {
    signIn: { points: e.QUIZDECK_RATE_LIMIT_SIGN_IN, duration: 60 },
    join: { points: e.QUIZDECK_RATE_LIMIT_JOIN, duration: 60 },
    attempt: { points: e.QUIZDECK_RATE_LIMIT_ATTEMPTS, duration: 60 },
    answer: { points: 10, duration: 1 },
  };
};
export type LimitName = keyof ReturnType<typeof limits>;

const KEY = Symbol.for("quizdeck.rateLimiters");
const store = globalThis as typeof globalThis & { [KEY]?: Map<LimitName, RateLimiterMemory> };

function limiter(name: LimitName): RateLimiterMemory {
  const map = (store[KEY] ??= new Map());
  let l = map.get(name);
  if (!l) {
    l = new RateLimiterMemory({ keyPrefix: name, ...limits()[name] });
    map.set(name, l);
  }
  return l;
}

/** Counts one request for `key`; throws `rate_limited` with Retry-After seconds when over the limit. */
export async function consume(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      const retryAfterSeconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new AppError("rate_limited", `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
    }
    throw err;
  }
}

/** Set by the custom server (src/server/main.ts) from the socket, so a client cannot forge it. */
export const CLIENT_IP_HEADER = "x-quizdeck-client-ip";

export function clientIp(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
