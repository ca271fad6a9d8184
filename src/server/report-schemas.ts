import { z } from "zod";
import { QUESTION_TYPES } from "@/core/question";

/** The report's JSON (src/core/report/build.ts GameReport), for the OpenAPI document. */
const answerCell = z.object({
  questionIndex: z.int(),
  status: z.enum(["answered", "unanswered", "joined_late"]),
  answer: z.string().nullable().describe("The answer as text: the option, the typed words, the order joined with →, the number; null when none"),
  correct: z.boolean(),
  partial: z.boolean().describe("Partly right (a multiple-select with some right options and no wrong one)"),
  timeMs: z.int().nullable(),
  points: z.int(),
});

const reportBody = {
  questions: z.array(
    z.object({
      index: z.int(),
      prompt: z.string(),
      type: z.enum(QUESTION_TYPES),
      graded: z.boolean().describe("False for a poll or a slide: no right answer, no % right, not in players' rates"),
      imageUrl: z.string().nullable(),
      imageAlt: z.string().nullable(),
      key: z.string().describe("The right answer as text"),
      eligible: z.int().describe("Players who could answer it (not those who joined later)"),
      answered: z.int(),
      correctCount: z.int(),
      correctRate: z.number().describe("0–1: right answers over eligible players"),
      averageMs: z.int().nullable(),
      distribution: z.array(z.object({ answer: z.string(), count: z.int(), correct: z.boolean() })),
      mostChosenWrong: z.object({ answer: z.string(), count: z.int() }).nullable(),
      hard: z.boolean().describe("Under 40 % right"),
    }),
  ),
  players: z.array(
    z.object({
      id: z.string(),
      rank: z.int(),
      nickname: z.string(),
      rosterName: z.string().optional(),
      identifier: z.string().optional().describe("What the player typed for the host's join field (scoring.identifierLabel); only when the game asked one"),
      team: z.string().optional().describe("The player's team (foxes, owls, bears, dolphins, eagles, wolves, tigers, pandas); only in a team game"),
      score: z.int(),
      correctCount: z.int(),
      answeredCount: z.int(),
      unansweredCount: z.int(),
      eligibleCount: z.int(),
      correctRate: z.number().describe("0–1, partly right answers counting their share"),
      answers: z.array(answerCell),
    }),
  ),
  needsAttention: z.array(
    z.object({
      playerId: z.string(),
      nickname: z.string(),
      rosterName: z.string().optional(),
      correctRate: z.number(),
      unansweredCount: z.int(),
      reasons: z.array(z.enum(["low_score", "unanswered"])),
      weakest: z.array(z.int()).describe("Question indexes the player missed, those most of the class got right first"),
    }),
  ),
  scoring: z
    .object({
      speedBonus: z.boolean().describe("Off: accuracy only, full points for a right answer whatever the time"),
      streakBonus: z.boolean(),
      questionPoints: z.array(z.int()).describe("The points each question was worth (after ×0 / ×1 / ×2)"),
      identifierLabel: z.string().nullable().describe("The host's extra join field (e.g. a student number); null: none asked"),
    })
    .optional()
    .describe("The scoring that applied (docs/rules.md §9)"),
  teams: z
    .array(
      z.object({
        team: z.string().describe("foxes, owls, bears, dolphins, eagles, wolves, tigers or pandas"),
        name: z.string().optional().describe("The team's name as the game fixed it, in the host's language; absent in games from before"),
        players: z.int(),
        score: z.number().nullable().describe("The mean of its players' scores, one decimal; null: nobody in the team"),
        rank: z.int().nullable().describe("Equal means share a rank; null: nobody in the team"),
      }),
    )
    .optional()
    .describe("A team game's teams, best first, then those with nobody in them (docs/rules.md §4)"),
};

export const gameReportResult = z.object({
  kind: z.literal("game"),
  game: z.object({
    id: z.uuid(),
    pin: z.string(),
    quizTitle: z.string(),
    state: z.string(),
    startedAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime().nullable(),
  }),
  ...reportBody,
});

export const challengeReportResult = z.object({
  kind: z.literal("challenge"),
  challenge: z.object({ code: z.string(), quizTitle: z.string(), quizSlug: z.string(), opensAt: z.iso.datetime(), closesAt: z.iso.datetime() }),
  ...reportBody,
});
