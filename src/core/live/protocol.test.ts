import { describe, expect, it } from "vitest";
import {
  ackSchema,
  answerAckSchema,
  CLIENT_EVENTS,
  DEFAULT_SETTINGS,
  hostAttachSchema,
  playerAnswerSchema,
  playerJoinSchema,
  playerResumeSchema,
  playerViewSchema,
  SERVER_EVENTS,
  settingsPatchSchema,
  type PlayerView,
} from "./protocol";

const UUID = "0b6f2f8e-3c1e-4d8a-9a51-2f7d4a9c1e11";

describe("client → server payloads", () => {
  it.each([
    ["host:attach", { gameId: UUID }, true],
    ["host:attach", { gameId: "not-a-uuid" }, false],
    ["host:attach", {}, false],
    ["host:start", {}, true],
    ["host:start", { extra: 1 }, false],
    ["host:kick", { playerId: UUID }, true],
    ["host:kick", { playerId: "" }, false],
    ["host:extraTime", { playerId: UUID, factor: 2 }, true],
    ["host:extraTime", { playerId: UUID, factor: 1.5 }, true],
    ["host:extraTime", { nickname: "Ana", factor: 1 }, true],
    ["host:extraTime", { playerId: UUID, factor: 3 }, false],
    ["host:extraTime", { playerId: UUID }, false],
    ["host:extraTime", { playerId: UUID, nickname: "Ana", factor: 2 }, false],
    ["host:next", {}, true],
    ["host:next", { at: { phase: "reveal", questionIndex: 0 } }, true],
    ["host:skip", { at: { phase: "question", questionIndex: 3 } }, true],
    ["host:next", { at: { phase: "intermission", questionIndex: 0 } }, false],
    ["host:next", { at: { phase: "reveal", questionIndex: 0.5 } }, false],
    ["host:next", { at: { phase: "reveal" } }, false],
    ["host:skip", { at: { phase: "question", questionIndex: 0, extra: 1 } }, false],
    ["host:settings", { readingDelaySeconds: 0 }, true],
    ["host:settings", { readingDelaySeconds: 10, maxPlayers: 30, locked: true }, true],
    ["host:settings", { readingDelaySeconds: 11 }, false],
    ["host:settings", { readingDelaySeconds: 2.5 }, false],
    ["host:settings", { maxPlayers: 0 }, false],
    ["host:settings", { maxPlayers: 5001 }, false],
    ["host:settings", { colour: "red" }, false],
    ["host:settings", {}, false],
    ["player:join", { pin: "123456", nickname: "Ada" }, true],
    ["player:join", { pin: " 123 456 " }, true],
    ["player:join", { pin: "12345" }, false],
    ["player:join", { pin: "123456", nickname: "x".repeat(101) }, false],
    ["player:resume", { pin: "123456", token: "t".repeat(32) }, true],
    ["player:resume", { pin: "123456", token: "short" }, false],
    ["player:reroll", {}, true],
    ["player:answer", { questionIndex: 0, answer: "opt-1", clientId: "c1" }, true],
    ["player:answer", { questionIndex: 3, answer: ["a", "b"], clientId: "c1" }, true],
    ["player:answer", { questionIndex: 3, answer: true, clientId: "c1" }, true],
    ["player:answer", { questionIndex: 3, answer: 42.5, clientId: "c1" }, true],
    ["player:answer", { questionIndex: 3, answer: Number.POSITIVE_INFINITY, clientId: "c1" }, false],
    ["player:answer", { questionIndex: 3, answer: { id: "a" }, clientId: "c1" }, false],
    ["player:answer", { questionIndex: 3, answer: "x".repeat(501), clientId: "c1" }, false], // longer than an open answer (≤ 500)
    ["player:answer", { questionIndex: 3, answer: ["a", "b", "c", "d", "e", "f", "g"], clientId: "c1" }, false],
    ["player:answer", { questionIndex: -1, answer: "a", clientId: "c1" }, false],
    ["player:answer", { questionIndex: 0, answer: "a" }, false],
  ] as const)("%s %j → %s", (event, payload, valid) => {
    expect(CLIENT_EVENTS[event].safeParse(payload).success).toBe(valid);
  });

  it("normalises the PIN", () => {
    expect(playerJoinSchema.parse({ pin: " 123 456 " }).pin).toBe("123456");
    expect(playerResumeSchema.safeParse({ pin: "abcdef", token: "t".repeat(32) }).success).toBe(false);
  });

  it("names every host and player command", () => {
    expect(Object.keys(CLIENT_EVENTS).sort()).toEqual(
      [
        "host:attach",
        "host:create",
        "host:start",
        "host:next",
        "host:skip",
        "host:pause",
        "host:resume",
        "host:lock",
        "host:unlock",
        "host:kick",
        "host:release",
        "host:settings",
        "host:extraTime",
        "host:end",
        "host:finish",
        "player:join",
        "player:resume",
        "player:reroll",
        "player:answer",
      ].sort(),
    );
    expect(Object.keys(SERVER_EVENTS).sort()).toEqual(["game:error", "game:state", "host:state", "player:kicked", "player:me", "player:state"]);
  });

  it("keeps the settings patch to known fields", () => {
    expect(settingsPatchSchema.parse({ speedBonus: false })).toEqual({ speedBonus: false });
    expect(hostAttachSchema.safeParse({ gameId: UUID, token: "x" }).success).toBe(false);
    expect(playerAnswerSchema.safeParse({ questionIndex: 0, answer: "a", clientId: "x".repeat(65) }).success).toBe(false);
  });
});

describe("server → client payloads", () => {
  const lobbyView: PlayerView = {
    role: "player",
    gameId: UUID,
    quizTitle: "Capitals",
    phase: "lobby",
    stage: null,
    questionIndex: -1,
    questionCount: 3,
    me: { playerId: UUID, nickname: "Ada", score: 0, streak: 0, rank: 1, previousRank: null, playerCount: 1, rerollsLeft: 0, firstQuestion: 0 },
    question: null,
    timing: null,
    inThisQuestion: false,
    answered: false,
    yourAnswer: null,
    result: null,
    podium: null,
    endReason: null,
  };

  it("accepts a player view and refuses one with an extra field (an answer key, say)", () => {
    expect(playerViewSchema.parse(lobbyView)).toEqual(lobbyView);
    expect(playerViewSchema.safeParse({ ...lobbyView, correct: "opt-1" }).success).toBe(false);
    expect(
      playerViewSchema.safeParse({
        ...lobbyView,
        phase: "question",
        questionIndex: 0,
        question: {
          index: 0,
          prompt: "Capital of Peru?",
          imageUrl: null,
          imageAlt: null,
          timeLimitSeconds: 20,
          points: 1000,
          data: { type: "single", options: [{ id: "a", text: "Lima" }], correct: "a" },
        },
      }).success,
    ).toBe(false);
  });

  it("builds acknowledgements as ok or error", () => {
    const ack = ackSchema(answerAckSchema);
    const me = {
      me: {
        playerId: "0b6f2f8e-3c1e-4d8a-9a51-2f7d4a9c1e11",
        nickname: "Ada",
        score: 0,
        streak: 0,
        rank: 1,
        previousRank: null,
        rerollsLeft: 0,
        firstQuestion: 0,
      },
      mine: { questionIndex: 0, answer: "a" },
      result: null,
    };
    expect(ack.parse({ ok: true, questionIndex: 0, timeMs: 1200, duplicate: false, me }).ok).toBe(true);
    // The acknowledgement never carries right or wrong: no points, no result before the reveal.
    expect(ack.safeParse({ ok: true, questionIndex: 0, timeMs: 1200, duplicate: false }).success).toBe(false);
    expect(
      ack.safeParse({ ok: true, questionIndex: 0, timeMs: 1200, duplicate: false, me: { ...me, correct: true } }).success,
    ).toBe(false);
    expect(ack.parse({ ok: false, error: { code: "answer_too_late", message: "Time was up" } }).ok).toBe(false);
    expect(ack.safeParse({ ok: false, error: { code: "teapot", message: "?" } }).success).toBe(false);
    expect(ack.safeParse({ ok: true, questionIndex: 0, timeMs: 1200, duplicate: false, me, points: 950 }).success).toBe(false);
  });

  it("has defaults from docs/rules.md §9", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      locked: false,
      generatedNicknamesOnly: false,
      maxPlayers: 2000,
      speedBonus: true,
      streakBonus: true,
      readingDelaySeconds: 3,
      pointsMultipliers: [],
      identifierLabel: null,
      questionOnPhones: true,
      teams: null,
    });
  });
});
