import { describe, expect, it } from "vitest";
import { createGame, newPlayer, type GameState, type LiveQuestion, type PlayerState } from "../live/state";
import { classGameGrades, deviceStudent, mayClaim, preselectedStudent, type ClaimDevice, type ClaimEntry } from "./live";

// Who may take which roster name in a live game for a class (docs/rules.md §13).

const CLASS = "class-1";
const guestAna: ClaimEntry = { id: "ana", classId: CLASS, userId: null };
const memberMo: ClaimEntry = { id: "mo", classId: CLASS, userId: "user-mo" };
const elsewhere: ClaimEntry = { id: "zed", classId: "class-2", userId: null };

const nobody: ClaimDevice = { userId: null, studentId: null };
const anaDevice: ClaimDevice = { userId: null, studentId: "ana" };
const moSignedIn: ClaimDevice = { userId: "user-mo", studentId: "mo" };
const otherMember: ClaimDevice = { userId: "user-x", studentId: null };
const benDevice: ClaimDevice = { userId: null, studentId: "ben" };

describe("mayClaim", () => {
  it.each<[string, ClaimEntry | null, ClaimDevice, string]>([
    ["a guest's name, from the browser holding its token", guestAna, anaDevice, "ok"],
    ["a guest's name, from a device that is nobody in the class", guestAna, nobody, "ok"],
    ["a guest's name, from a member who is not in the class", guestAna, otherMember, "ok"],
    ["a guest's name, from another student's browser", guestAna, benDevice, "not_yours"],
    ["a member's name, signed in as them", memberMo, moSignedIn, "ok"],
    ["a member's name, from a device that is nobody", memberMo, nobody, "member_only"],
    ["a member's name, from another member", memberMo, otherMember, "member_only"],
    ["a member's name, from a guest student's browser", memberMo, anaDevice, "not_yours"],
    ["a name of another class", elsewhere, nobody, "not_on_roster"],
    ["no such entry", null, nobody, "not_on_roster"],
  ])("%s → %s", (_case, entry, device, expected) => {
    const r = mayClaim(CLASS, entry, device);
    expect(r.ok ? "ok" : r.refusal).toBe(expected);
  });
});

describe("deviceStudent", () => {
  const entries = [
    { id: "tok-other-class", classId: "class-2", userId: null },
    { id: "tok", classId: CLASS, userId: null },
    { id: "mine", classId: CLASS, userId: "user-mo" },
  ];
  it.each<[string, string | null, string | null]>([
    ["the member's own entry first", "user-mo", "mine"],
    ["else the browser's token's", null, "tok"],
    ["else the browser's token's, for another member", "user-x", "tok"],
  ])("%s", (_case, userId, expected) => expect(deviceStudent(CLASS, entries, userId)).toBe(expected));
  it("is nobody without an entry in the class", () => expect(deviceStudent("class-3", entries, "user-mo")).toBeNull());
});

describe("preselectedStudent", () => {
  const roster = [{ id: "ana" }, { id: "mo" }];
  it.each<[ClaimDevice, string | null]>([
    [anaDevice, "ana"],
    [moSignedIn, "mo"],
    [nobody, null],
    [benDevice, null],
  ])("%j → %s", (device, expected) => expect(preselectedStudent(roster, device)).toBe(expected));
});

describe("classGameGrades", () => {
  const q = (id: string, type: "single" | "poll"): LiveQuestion => ({
    id,
    prompt: id,
    data: type === "single" ? { type, options: [{ id: "a", text: "A" }, { id: "b", text: "B" }], correct: "a" } : { type, options: [{ id: "a", text: "A" }] },
    timeLimitSeconds: 10,
    points: 1000,
    explanation: "",
  });
  const player = (id: string, rosterId: string | null, kicked = false) =>
    ({ ...newPlayer({ id, nickname: id, generated: false, rerollsLeft: 0, joinSeq: 0, joinedAt: T, firstQuestion: 0, rosterId }), kicked, score: 7 }) as PlayerState;
  const answer = (playerId: string, correct: boolean) => ({ playerId, answer: "a", correct, share: correct ? 1 : 0, points: 0, streak: 0, timeMs: 1, answeredAt: T, clientId: null });
  const T = Date.UTC(2026, 10, 27, 10);
  function game(over: Partial<GameState> = {}): GameState {
    const created = createGame({ id: "g1", pin: "123456", seed: "s", quizTitle: "Rivers", questions: [q("q1", "single"), q("q2", "poll"), q("q3", "single"), q("q4", "single")], classGame: { classId: "c1", className: "7B" } }, T);
    if (!created.ok) throw new Error(created.error.message);
    return {
      ...created.value,
      startedAt: T,
      endedAt: T + 60_000,
      phase: "cancelled",
      lastRevealedIndex: 2, // q4 never played
      players: [player("p-ana", "s-ana"), player("p-ben", "s-ben"), player("p-gone", "s-gone", true), player("p-x", null)],
      answers: [[answer("p-ana", true), answer("p-ben", false), answer("p-gone", true)], [answer("p-ana", false)], [answer("p-ana", true)], [answer("p-ben", true)]],
      ...over,
    };
  }

  it("grades each roster name on the graded questions played: polls and questions not reached left out", () => {
    const g = classGameGrades(game())!;
    expect(g.column).toEqual({ id: "g1", title: "Rivers", kind: "game", at: new Date(T + 60_000) });
    expect(g.rows.map((r) => [r.studentId, r.row.correctCount, r.row.questionCount, r.row.kind, r.row.score])).toEqual([
      ["s-ana", 2, 2, "game", 7],
      ["s-ben", 0, 2, "game", 7],
    ]);
  });

  it.each<[string, Partial<GameState>]>([
    ["a game not for a class", { classGame: null }],
    ["a game that never started", { startedAt: null }],
    ["a game that played no graded question", { lastRevealedIndex: -1 }],
  ])("has nothing to grade in %s", (_case, over) => expect(classGameGrades(game(over))).toBeNull());
});
