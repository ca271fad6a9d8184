import { z } from "zod";

/** The response bodies of /api/v1/classes (src/server/class-json.ts), for the OpenAPI document. */

export const classResult = z
  .object({
    id: z.uuid(),
    code: z.string().describe("The class code students join with (6 characters)"),
    name: z.string(),
    subject: z.string().nullable(),
    showLeaderboard: z.boolean().describe("Whether students see the class leaderboard"),
    joinUrl: z.string().describe("The join link (its QR code is on the class page)"),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .strict();

export const classListResult = z
  .object({ classes: z.array(classResult.extend({ students: z.int(), assignments: z.int() }).strict()) })
  .strict();

export const rosterResult = z
  .object({
    students: z.array(
      z
        .object({
          id: z.uuid(),
          name: z.string().describe("The roster name"),
          member: z.boolean().describe("Joined with a Quizdeck account"),
          recoveryCode: z.string().nullable().describe("A student without an account: the code that moves them to another device"),
          joinedAt: z.iso.datetime({ offset: true }),
          extraTime: z.union([z.literal(1), z.literal(1.5), z.literal(2)]).describe("Extra time in the class's challenges: ×1 (none), ×1.5 or ×2 each question's limit"),
        })
        .strict(),
    ),
  })
  .strict();

export const assignmentsResult = z
  .object({
    assignments: z.array(
      z
        .object({
          id: z.uuid(),
          challengeCode: z.string(),
          quizTitle: z.string(),
          quizSlug: z.string(),
          opensAt: z.iso.datetime({ offset: true }),
          closesAt: z.iso.datetime({ offset: true }),
          attemptsAllowed: z.int(),
          assignedAt: z.iso.datetime({ offset: true }),
        })
        .strict(),
    ),
  })
  .strict();

export const gradebookResult = z
  .object({
    assignments: z.array(
      z
        .object({
          id: z.uuid().describe("The assignment's id, or a class game's (its game id)"),
          title: z.string(),
          kind: z.enum(["assignment", "game"]).describe("An assigned challenge, or a live game hosted for the class"),
          playedAt: z.string().optional().describe("A class game: when it ended (ISO 8601)"),
        })
        .strict(),
    ),
    students: z.array(
      z
        .object({
          id: z.uuid(),
          name: z.string(),
          averageBest: z.int().nullable().describe("Average of the best % over the assignments and class games attempted; null: none"),
          results: z.array(
            z
              .object({
                assignmentId: z.uuid(),
                attempted: z.boolean(),
                best: z.int().nullable().describe("Best finished attempt, % of questions right"),
                latest: z.int().nullable().describe("Latest finished attempt, % right"),
                attempts: z.int().describe("Finished attempts"),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();
