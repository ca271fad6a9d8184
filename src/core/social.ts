import { z } from "./zod";
import { CONTROL_MESSAGE, hasControlChars } from "./text";
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "./report";

export { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason };

/** A member's own relation to a quiz: favorite, rating, and whether a report of theirs is open. */
export type SocialState = { favorite: boolean; rating: number | null; reported: boolean };

/**
 * Inputs of favorites, ratings, reports and moderation (docs/rules.md §2, §6), shared by the forms
 * and the server actions that check them again.
 */
const slug = z.string().trim().min(1).max(200).refine((v) => !hasControlChars(v), CONTROL_MESSAGE);

export const favoriteInput = z.object({ slug, favorite: z.boolean() });

export const ratingInput = z.object({
  slug,
  value: z.coerce.number().int("Choose 1 to 5 stars").min(1, "Choose 1 to 5 stars").max(5, "Choose 1 to 5 stars"),
});

export const reportInput = z
  .object({
    slug,
    reason: z.enum(REPORT_REASONS, "Choose a reason"),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `Use at most ${REPORT_DETAILS_MAX.toLocaleString("en")} characters`)
      .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), "Remove control characters")
      // Null as well as absent: the form may send what it parsed itself.
      .nullish()
      .transform((v) => v || null),
  })
  .refine((r) => r.reason !== "other" || r.details, { path: ["details"], message: "Tell us what is wrong" });
export type ReportInput = z.infer<typeof reportInput>;

const id = z.string().trim().min(1).max(100);

export const quizIdInput = z.object({ quizId: z.uuid() });
export const reportIdInput = z.object({ reportId: z.uuid() });
export const roleInput = z.object({ userId: id, role: z.enum(["member", "admin"]) });
export const tokenIdInput = z.object({ tokenId: z.uuid() });

/** What a member does to a quiz they can see (docs/rules.md §6). */
export type QuizAct = "favorite" | "rate" | "report";

/**
 * Whether this member may do it to this quiz: anyone may favorite, but an owner neither rates
 * their own quiz (that would be voting for oneself) nor reports it (they edit it instead).
 */
export const mayActOnQuiz = (act: QuizAct, memberId: string, quiz: { ownerId: string }): boolean =>
  act === "favorite" || quiz.ownerId !== memberId;
