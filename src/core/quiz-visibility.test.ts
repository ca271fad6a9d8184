import { describe, expect, it } from "vitest";
import { managesQuiz, quizVisibleTo, type QuizStatus, type QuizViewer, type QuizVisibility } from "./quiz-visibility";

const OWNER = "u-owner";
const viewers: Record<string, QuizViewer> = {
  guest: null,
  owner: { userId: OWNER, admin: false },
  member: { userId: "u-other", admin: false },
  admin: { userId: "u-admin", admin: true },
};

describe("who may see a quiz", () => {
  // status, visibility → guest, owner, other member, admin
  it.each<[QuizStatus, QuizVisibility, [boolean, boolean, boolean, boolean]]>([
    ["published", "public", [true, true, true, true]],
    ["published", "unlisted", [true, true, true, true]],
    ["published", "private", [false, true, false, true]],
    ["draft", "public", [false, true, false, true]],
    ["draft", "unlisted", [false, true, false, true]],
    ["draft", "private", [false, true, false, true]],
    ["hidden", "public", [false, true, false, true]],
    ["hidden", "unlisted", [false, true, false, true]],
    ["hidden", "private", [false, true, false, true]],
  ])("a %s %s quiz", (status, visibility, expected) => {
    const quiz = { ownerId: OWNER, status, visibility };
    expect([viewers.guest, viewers.owner, viewers.member, viewers.admin].map((v) => quizVisibleTo(v, quiz))).toEqual(expected);
  });

  it.each([
    ["guest", false],
    ["owner", true],
    ["member", false],
    ["admin", true],
  ])("managing it: %s → %s", (who, expected) => {
    expect(managesQuiz(viewers[who], { ownerId: OWNER })).toBe(expected);
  });
});
