import { describe, expect, it } from "vitest";
import { checkNickname, NICKNAME_MAX } from "../nickname";
import { ADJECTIVES, ANIMALS, generateNickname, isGeneratedNickname, seededRandom } from "./nicknames";

describe("word lists", () => {
  it("has 64 distinct single English words on each side", () => {
    for (const list of [ADJECTIVES, ANIMALS]) {
      expect(list).toHaveLength(64);
      expect(new Set(list).size).toBe(list.length);
      for (const word of list) expect(word).toMatch(/^[A-Z][a-z]+$/);
    }
  });

  it("makes only clean pairs short enough for a number suffix", () => {
    for (const adjective of ADJECTIVES) {
      for (const animal of ANIMALS) {
        const name = `${adjective} ${animal}`;
        expect(checkNickname(name), name).toEqual({ ok: true, nickname: name });
        expect(name.length + " 999".length).toBeLessThanOrEqual(NICKNAME_MAX);
      }
    }
  });
});

describe("seededRandom", () => {
  it("repeats for a seed and differs between seeds", () => {
    const a = seededRandom("game-1");
    const b = seededRandom("game-1");
    const c = seededRandom("game-2");
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });
});

describe("generateNickname", () => {
  it("is deterministic given the random source", () => {
    expect(generateNickname(seededRandom("x"))).toBe(generateNickname(seededRandom("x")));
    expect(generateNickname(() => 0)).toBe("Bold Alpaca");
    expect(generateNickname(() => 0.999999)).toBe("Zippy Zebra");
  });

  it("never returns a taken name, compared case-insensitively", () => {
    const taken = ["bold alpaca", "BOLD BADGER"];
    const name = generateNickname(() => 0, taken);
    expect(name).toBe("Bold Bear"); // the random picks all hit "Bold Alpaca", then the scan goes on
  });

  it("gives 4,096 distinct names before numbering, then numbers the first pick", () => {
    const taken: string[] = [];
    const random = seededRandom("crowd");
    for (let i = 0; i < ADJECTIVES.length * ANIMALS.length; i++) taken.push(generateNickname(random, taken));
    expect(new Set(taken.map((t) => t.toLowerCase())).size).toBe(4096);
    expect(taken.every((t) => !/\d/.test(t))).toBe(true);
    const numbered = generateNickname(() => 0, taken);
    expect(numbered).toBe("Bold Alpaca 2");
    expect(generateNickname(() => 0, [...taken, numbered])).toBe("Bold Alpaca 3");
  });

  it("survives a random source that misbehaves", () => {
    expect(ADJECTIVES.some((a) => generateNickname(() => 1).startsWith(a))).toBe(true);
    expect(generateNickname(() => -5)).toBe("Bold Alpaca");
  });
});

describe("isGeneratedNickname", () => {
  it.each([
    ["Brave Otter", true],
    ["Brave Otter 2", true],
    ["Brave Otter 12", true],
    ["Brave Otter 1", false],
    ["Brave Otter 02", false],
    ["brave otter", false],
    ["Brave  Otter", false],
    ["Otter Brave", false],
    ["Ada", false],
  ])("%j → %s", (name, expected) => {
    expect(isGeneratedNickname(name)).toBe(expected);
  });

  it("recognises everything the generator makes", () => {
    const random = seededRandom("check");
    for (let i = 0; i < 200; i++) expect(isGeneratedNickname(generateNickname(random))).toBe(true);
  });
});
