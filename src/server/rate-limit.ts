import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/env";
import { AppError } from "./errors";

/**
 * Rate limits, counted in this process's memory (one server; a cluster would swap in
 * rate-limiter-flexible's Redis store behind the same functions). Each limits one abuse without
 * getting in the way of a class behind one address (README: Configuration):
 * - signIn, signInAccount: password guessing, per client address and per account (email);
 * - pinGuess: wrong PINs per client address (looking for games to join);
 * - gameJoins: joins per game and minute beyond its maxPlayers (join, get kicked, join again);
 * - answer: answers per player and second.
 */
const limits = () => {
  const e = env();
  return {
    signIn: { points: e.QUIZDECK_RATE_LIMIT_SIGN_IN, duration: 60 },
    signInAccount: { points: e.QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT, duration: 60 },
    pinGuess: { points: e.QUIZDECK_RATE_LIMIT_PIN_GUESSES, duration: 60 },
    // Counted here, compared with the game's own maxPlayers in countGameJoin.
    gameJoins: { points: Number.MAX_SAFE_INTEGER, duration: 60 },
    // "Someone at this address joined this game": lets a class in while its typos are over the limit.
    joinedFrom: { points: Number.MAX_SAFE_INTEGER, duration: 60 * 60 },
    // Solo attempts a guest (or an address, for a first start) may start a minute.
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

function limited(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError("rate_limited", `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
}

/** Counts one request for `key`; throws `rate_limited` with Retry-After seconds when over the limit. */
export async function consume(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw limited(err.msBeforeNext);
    throw err;
  }
}

/** Whether `key` has used up its points of `name` in the current window (counts nothing). */
async function exhausted(name: LimitName, key: string): Promise<RateLimiterRes | null> {
  const res = await limiter(name).get(key);
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
  return (await limiter("joinedFrom").get(`${clientKey} ${gameId}`)) !== null;
}

/** How long each attempt waits in an address's slow lane, and how many may wait there at once. */
export const GUESSER_TURN_MS = 3_000;
const GUESSER_QUEUE_MAX = 100;
const LANES = Symbol.for("quizdeck.guesserLanes");
const lanes = ((globalThis as Record<symbol, unknown>)[LANES] ??= new Map<string, { tail: Promise<void>; waiting: number }>()) as Map<
  string,
  { tail: Promise<void>; waiting: number }
>;

/**
 * The slow lane of an address over its wrong-PIN limit: every join attempt from it (right PIN or
 * wrong) is answered one at a time, GUESSER_TURN_MS apart. Refusing right PINs would lock a class
 * out for one student's typos; answering them at full speed would let a guesser find games by
 * trying every PIN at once. In the lane, guessing runs at the limit's own pace however many
 * sockets ask, while a right PIN still gets in. Throws `rate_limited` only when the lane is full
 * (a flood from that address).
 */
export async function guesserTurn(clientKey: string, turnMs = GUESSER_TURN_MS): Promise<void> {
  const lane = lanes.get(clientKey) ?? { tail: Promise.resolve(), waiting: 0 };
  if (lane.waiting >= GUESSER_QUEUE_MAX) throw limited(turnMs * lane.waiting);
  lane.waiting++;
  lanes.set(clientKey, lane);
  const mine = lane.tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, turnMs)));
  lane.tail = mine;
  try {
    await mine;
  } finally {
    if (--lane.waiting === 0) lanes.delete(clientKey);
  }
}

/** Remembers that someone at this address joined this game (see checkPinJoin). */
export async function rememberJoin(clientKey: string, gameId: string): Promise<void> {
  await limiter("joinedFrom").consume(`${clientKey} ${gameId}`);
}

/** Throws `rate_limited` when this game had maxPlayers joins in the current minute already. */
export async function checkGameJoins(gameId: string, maxPlayers: number): Promise<void> {
  const res = await limiter("gameJoins").get(gameId);
  if (res && res.consumedPoints >= maxPlayers) throw limited(res.msBeforeNext);
}

/** Counts a join that happened (see checkGameJoins). */
export async function countGameJoin(gameId: string): Promise<void> {
  await limiter("gameJoins").consume(gameId);
}

/** Forgets every count (tests). */
export function resetRateLimits(): void {
  store[KEY]?.clear();
  lanes.clear();
}
