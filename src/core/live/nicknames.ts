/**
 * Generated nicknames for live games ("Brave Otter"): an adjective and an animal, plain English,
 * chosen to be friendly (no word that is a slur, an insult or a double meaning on its own or in
 * a pair; the test runs every pair through the profanity filter). Deterministic given a random
 * source, and never equal (case-insensitively) to a name already taken.
 */

export const ADJECTIVES = [
  "Bold", "Bouncy", "Brave", "Breezy", "Bright", "Calm", "Cheery", "Clever",
  "Cosmic", "Cozy", "Curious", "Dapper", "Daring", "Dreamy", "Eager", "Epic",
  "Fancy", "Fluffy", "Frosty", "Funky", "Gallant", "Gentle", "Glad", "Golden",
  "Groovy", "Happy", "Heroic", "Humble", "Jazzy", "Jolly", "Kind", "Lively",
  "Loyal", "Lucky", "Magic", "Mellow", "Merry", "Mighty", "Nimble", "Noble",
  "Plucky", "Polite", "Proud", "Quick", "Quiet", "Radiant", "Rapid", "Shiny",
  "Smart", "Snappy", "Sparkly", "Speedy", "Steady", "Stellar", "Sturdy", "Sunny",
  "Super", "Swift", "Tidy", "Valiant", "Vivid", "Wise", "Witty", "Zippy",
] as const;

export const ANIMALS = [
  "Alpaca", "Badger", "Bear", "Beetle", "Bison", "Camel", "Cheetah", "Crab",
  "Dolphin", "Eagle", "Falcon", "Ferret", "Finch", "Flamingo", "Fox", "Gazelle",
  "Gecko", "Giraffe", "Goose", "Hare", "Hawk", "Hedgehog", "Heron", "Hippo",
  "Iguana", "Jaguar", "Kiwi", "Koala", "Koi", "Lemur", "Leopard", "Lion",
  "Llama", "Lobster", "Lynx", "Magpie", "Manatee", "Meerkat", "Moose", "Narwhal",
  "Newt", "Octopus", "Orca", "Otter", "Owl", "Panda", "Panther", "Parrot",
  "Pelican", "Penguin", "Puffin", "Puma", "Rabbit", "Raven", "Rhino", "Robin",
  "Salmon", "Seal", "Sloth", "Sparrow", "Swan", "Tiger", "Toucan", "Zebra",
] as const;

/** FNV-1a, so a seed string gives the same sequence on every server. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic random source (Mulberry32) seeded from a string; values in [0, 1). */
export function seededRandom(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAIRS = ADJECTIVES.length * ANIMALS.length;
const RANDOM_TRIES = 8;

function pairName(n: number): string {
  const adjective = ADJECTIVES[Math.floor(n / ANIMALS.length) % ADJECTIVES.length] as string;
  const animal = ANIMALS[n % ANIMALS.length] as string;
  return `${adjective} ${animal}`;
}

function pick(random: () => number, size: number): number {
  // A random source that returns 1 (or more) by mistake must not index past the end.
  return Math.min(Math.floor(Math.max(random(), 0) * size), size - 1);
}

/**
 * A nickname not in `taken` (compared case-insensitively): a few random pairs first, then every
 * pair in turn from a random starting point, and only when all 4,096 pairs are taken the first
 * pick with a number ("Brave Otter 2"). At most 20 characters (pairs are ≤ 16, numbers stay far below 1,000).
 */
export function generateNickname(random: () => number, taken: Iterable<string> = []): string {
  const used = new Set<string>();
  for (const name of taken) used.add(name.toLowerCase());
  const free = (name: string) => !used.has(name.toLowerCase());

  let first: string | null = null;
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const name = pairName(pick(random, PAIRS));
    first ??= name;
    if (free(name)) return name;
  }
  const start = pick(random, PAIRS);
  for (let k = 0; k < PAIRS; k++) {
    const name = pairName((start + k) % PAIRS);
    if (free(name)) return name;
  }
  for (let n = 2; ; n++) {
    const name = `${first ?? pairName(start)} ${n}`;
    if (free(name)) return name;
  }
}

const ADJECTIVE_SET = new Set<string>(ADJECTIVES);
const ANIMAL_SET = new Set<string>(ANIMALS);

/** True for a name `generateNickname` can produce ("Brave Otter", "Brave Otter 2"). */
export function isGeneratedNickname(name: string): boolean {
  const m = /^(\S+) (\S+)(?: ([2-9]|[1-9]\d+))?$/.exec(name);
  return m !== null && ADJECTIVE_SET.has(m[1] ?? "") && ANIMAL_SET.has(m[2] ?? "");
}
