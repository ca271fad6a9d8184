import { plainText } from "../text";
import { z } from "../zod";
import { ATTEMPTS_DEFAULT, ATTEMPTS_MAX, ATTEMPTS_MIN, challengeTimeProblems, normalizeChallengeCode } from "./rules";

/**
 * A challenge as its owner asks for it: the fields of the create form, its server action and the
 * API, as the OpenAPI document describes them. Times are ISO 8601 with their offset (the form
 * sends the browser's local time as UTC). Issue messages are field error codes.
 */
export const challengeFields = z.object({
    quiz: z.string().min(1).max(200).pipe(plainText()).describe("The quiz's slug"),
    closesAt: z.iso
      .datetime({ offset: true, error: "challenge_date_invalid" })
      .describe("When it closes (exclusive): in the future, at most a year ahead; ISO 8601 with offset"),
    opensAt: z.iso
      .datetime({ offset: true, error: "challenge_date_invalid" })
      .optional()
      .describe("When it opens; default (and anything earlier): now"),
    attemptsAllowed: z
      .int("challenge_attempts_range")
      .min(ATTEMPTS_MIN, "challenge_attempts_range")
      .max(ATTEMPTS_MAX, "challenge_attempts_range")
      .default(ATTEMPTS_DEFAULT)
      .describe(`Attempts per player, ${ATTEMPTS_MIN}–${ATTEMPTS_MAX}`),
    speedBonus: z
      .boolean()
      .optional()
      .describe("Faster right answers score more (docs/rules.md §9); false: accuracy only, full points whatever the time. Default: the quiz's"),
    streakBonus: z.boolean().optional().describe("+100 per right answer in a row, at most +500. Default: the quiz's"),
    pointsMultipliers: z
      .array(z.union([z.literal(0), z.literal(1), z.literal(2)]))
      .max(200)
      .optional()
      .describe("Per question in the quiz's order: 0 (no points), 1 (1000) or 2 (2000). Default: each question's own points"),
});
export type ChallengeInput = z.infer<typeof challengeFields>;

/**
 * The one schema that parses a challenge: its fields, with the times checked against `now`, the
 * clock of whoever parses (the browser for the form's own check, the server for what is stored).
 */
export const challengeInput = (now: Date) =>
  challengeFields.superRefine((v, ctx) => {
    const times = { closesAt: new Date(v.closesAt), opensAt: v.opensAt ? new Date(v.opensAt) : null };
    for (const p of challengeTimeProblems(times, now)) ctx.addIssue({ code: "custom", path: [p.field], message: p.code });
  });

/** The `{code}` of /challenge/{code} and /api/v1/challenges/{code}: read as typed, or no such challenge. */
export const challengeParams = z.object({
  code: z.string().transform((raw, ctx) => {
    const code = normalizeChallengeCode(raw);
    if (!code) {
      ctx.addIssue({ code: "custom", message: "Not a challenge code" });
      return z.NEVER;
    }
    return code;
  }),
});

/** `?format=` of a challenge's results: JSON for scripts, CSV for a spreadsheet. */
export const challengeResultsQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });
