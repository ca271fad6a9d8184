import "server-only";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/env";
import { log } from "@/log";
import { AppError } from "./errors";
import { redis } from "./redis";

/**
 * Rate limits. Each limits one abuse without getting in the way of a class behind one address
 * (README: Configuration):
 * - signIn, signInAccount: password guessing, per client address and per account (email);
 * - email, emailRecipient: mail sent on request (reset links, address checks), per client address
 *   and per recipient, so nobody can flood an inbox or the SMTP server;
 * - pinGuess: wrong PINs per client address (looking for games to join);
 * - gameJoins: joins per game and minute beyond its maxPlayers (join, get kicked, join again);
 * - attempt: solo attempts (and challenge starts) per guest, or per address for a first start;
 * - challenge: challenges per member (each is a row, and a code drawn from a shared space);
 * - answer: answers per player and second;
 * - passkeyOptions: passkey registration and sign-in options (each makes and stores a challenge)
 *   per client address;
 * - accountDeletion: "Delete my account" requests per account (each is a long transaction).
 *
 * Where they count: in this process's memory, or with REDIS_URL in Redis (rate-limiter-flexible's
 * Redis store), so that every instance behind a load balancer adds to the same counts, under the
 * same keys (the client key of src/server/client-address.ts, a game id, an account). While Redis
 * is unreachable each limiter counts in this process's memory instead (rate-limiter-flexible's
 * insurance limiter): requests are neither refused nor held because Redis is gone, and the limits
 * then hold per instance, as they did with one instance. docs/operations.md says the same.
 */
/** Passkey options a client address may ask for a minute: a class signing in at once, not a flood of challenges. */
export const PASSKEY_OPTIONS_PER_MINUTE = 30;
/** "Delete my account" requests an account may send an hour (a wrong confirmation counts too). */
export const ACCOUNT_DELETIONS_PER_HOUR = 5;

const limits = () => {
  const e = env();
  return {
    signIn: { points: e.QUIZDECK_RATE_LIMIT_SIGN_IN, duration: 60 },
    signInAccount: { points: e.QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT, duration: 60 },
    email: { points: e.QUIZDECK_RATE_LIMIT_EMAIL, duration: 60 * 60 },
    emailRecipient: { points: e.QUIZDECK_RATE_LIMIT_EMAIL_RECIPIENT, duration: 60 * 60 },
    pinGuess: { points: e.QUIZDECK_RATE_LIMIT_PIN_GUESSES, duration: 60 },
    // Counted here, compared with the game's own maxPlayers in countGameJoin.
    gameJoins: { points: Number.MAX_SAFE_INTEGER, duration: 60 },
    // "Someone at this address joined this game": lets a class in while its typos are over the limit.
    joinedFrom: { points: Number.MAX_SAFE_INTEGER, duration: 60 * 60 },
    // Solo attempts a guest (or an address, for a first start) may start a minute.
    attempt: { points: e.QUIZDECK_RATE_LIMIT_ATTEMPTS, duration: 60 },
    challenge: { points: e.QUIZDECK_RATE_LIMIT_CHALLENGES, duration: 60 },
    answer: { points: 10, duration: 1 },
    passkeyOptions: { points: PASSKEY_OPTIONS_PER_MINUTE, duration: 60 },
    accountDeletion: { points: ACCOUNT_DELETIONS_PER_HOUR, duration: 60 * 60 },
  };
};
export type LimitName = keyof ReturnType<typeof limits>;

/** Redis keys: quizdeck:rl:<limit>:<key>, apart from anything else kept in the same Redis. */
const REDIS_PREFIX = "quizdeck:rl:";

/** How long each attempt waits in an address's slow lane, and how many may wait there at once. */
export const GUESSER_TURN_MS = 3_000;
const GUESSER_QUEUE_MAX = 100;

/**
 * Reserves the next turn of a slow lane in Redis, so an address's lane is one queue across all
 * instances: the lane's key holds when its last reserved turn ends (Redis' own clock, so the
 * instances' clocks do not matter). Returns how long to wait, or -(turns waiting) when full.
 */
const RESERVE_TURN = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local turn = tonumber(ARGV[1])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local waiting = math.ceil((last - now) / turn)
if waiting >= tonumber(ARGV[2]) then return -waiting end
local slot = math.max(now, last) + turn
redis.call('SET', KEYS[1], slot, 'PX', slot - now + 1000)
return slot - now`;

function limited(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError("rate_limited", `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

/**
 * One process's set of limiters: on Redis when given a client, in memory otherwise. Tests make
 * several over one Redis to stand for several instances.
 */
export class RateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterAbstract>();
  private readonly lanes = new Map<string, { tail: Promise<void>; waiting: number }>();

  constructor(private readonly store: Redis | null) {}

  private limiter(name: LimitName): RateLimiterAbstract {
    let l = this.limiters.get(name);
    if (!l) {
      const options = { keyPrefix: name, ...limits()[name] };
      l = this.store
        ? new RateLimiterRedis({
            ...options,
            keyPrefix: REDIS_PREFIX + name,
            storeClient: this.store,
            // While the connection is down, count in memory at once rather than wait for it.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(name, l);
    }
    return l;
  }

  /** Counts one request for `key`; throws `rate_limited` with Retry-After seconds when over the limit. */
  async consume(name: LimitName, key: string): Promise<void> {
    try {
      await this.limiter(name).consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw limited(err.msBeforeNext);
      throw err;
    }
  }

  /** What `key` has used of `name` in the current window (counts nothing). */
  get(name: LimitName, key: string): Promise<RateLimiterRes | null> {
    return this.limiter(name).get(key);
  }

  /**
   * Waits for this address's next turn in its slow lane (see guesserTurn). With Redis the lane
   * is shared by every instance; without it, or while Redis is unreachable, it is this process's.
   */
  async turn(clientKey: string, turnMs: number, queueMax = GUESSER_QUEUE_MAX): Promise<void> {
    if (this.store && this.store.status === "ready") {
      let wait: number | null = null;
      try {
        wait = Number(await this.store.eval(RESERVE_TURN, 1, `${REDIS_PREFIX}lane:${clientKey}`, turnMs, queueMax));
      } catch (err) {
        log().warn({ component: "rate-limit", err: (err as Error).message }, "slow lane in Redis failed; using this process's");
      }
      if (wait !== null) {
        if (wait < 0) throw limited(turnMs * -wait);
        await new Promise((resolve) => setTimeout(resolve, wait));
        return;
      }
    }
    const lane = this.lanes.get(clientKey) ?? { tail: Promise.resolve(), waiting: 0 };
    if (lane.waiting >= queueMax) throw limited(turnMs * lane.waiting);
    lane.waiting++;
    this.lanes.set(clientKey, lane);
    const mine = lane.tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, turnMs)));
    lane.tail = mine;
    try {
      await mine;
    } finally {
      if (--lane.waiting === 0) this.lanes.delete(clientKey);
    }
  }
}

// One set per process (Next's bundles and the custom server each load this module).
const KEY = Symbol.for("quizdeck.rateLimits");
const slot = globalThis as typeof globalThis & { [KEY]?: RateLimits };
const shared = () => (slot[KEY] ??= new RateLimits(redis()));

/** Counts one request for `key`; throws `rate_limited` with Retry-After seconds when over the limit. */
export async function consume(name: LimitName, key: string): Promise<void> {
  await shared().consume(name, key);
}

/** Whether `key` has used up its points of `name` in the current window (counts nothing). */
async function exhausted(name: LimitName, key: string): Promise<RateLimiterRes | null> {
  const res = await shared().get(name, key);
  return res && res.remainingPoints <= 0 ? res : null;
}

/** A wrong PIN from this address: counted; throws `rate_limited` once the address is over its limit. */
export async function countWrongPin(clientKey: string): Promise<void> {
  await consume("pinGuess", clientKey);
}

/** Whether this address's wrong PINs are over the limit (counts nothing). */
export async function overGuessLimit(clientKey: string): Promise<boolean> {
  return (await exhausted("pinGuess", clientKey)) !== null;
}

/**
 * May this address join this (open, right-PIN) game at once? Yes, unless its wrong PINs are over
 * the limit and nobody at this address joined this game yet: then the join waits its turn in the
 * address's slow lane (`guesserTurn`), and is never refused. A class whose student mistyped joins
 * at once once the first of them is in.
 */
export async function joinsAtOnce(clientKey: string, gameId: string): Promise<boolean> {
  if (!(await overGuessLimit(clientKey))) return true;
  return (await shared().get("joinedFrom", `${clientKey} ${gameId}`)) !== null;
}

/**
 * The slow lane of an address over its wrong-PIN limit: every join attempt from it (right PIN or
 * wrong) is answered one at a time, GUESSER_TURN_MS apart. Refusing right PINs would lock a class
 * out for one student's typos; answering them at full speed would let a guesser find games by
 * trying every PIN at once. In the lane, guessing runs at the limit's own pace however many
 * sockets ask, while a right PIN still gets in. Throws `rate_limited` only when the lane is full
 * (a flood from that address). With REDIS_URL the lane is one queue across every instance.
 */
export async function guesserTurn(clientKey: string, turnMs = GUESSER_TURN_MS): Promise<void> {
  await shared().turn(clientKey, turnMs);
}

/** Remembers that someone at this address joined this game (see checkPinJoin). */
export async function rememberJoin(clientKey: string, gameId: string): Promise<void> {
  await shared().consume("joinedFrom", `${clientKey} ${gameId}`);
}

/** Throws `rate_limited` when this game had maxPlayers joins in the current minute already. */
export async function checkGameJoins(gameId: string, maxPlayers: number): Promise<void> {
  const res = await shared().get("gameJoins", gameId);
  if (res && res.consumedPoints >= maxPlayers) throw limited(res.msBeforeNext);
}

/** Counts a join that happened (see checkGameJoins). */
export async function countGameJoin(gameId: string): Promise<void> {
  await shared().consume("gameJoins", gameId);
}

/** Forgets every count (tests). */
export function resetRateLimits(): void {
  slot[KEY] = undefined;
}
