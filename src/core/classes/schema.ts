import { nicknameSchema } from "../nickname";
import { plainText } from "../text";
import { z } from "../zod";
import { CLASS_NAME_MAX, CLASS_SUBJECT_MAX, normalizeClassCode, normalizeRecoveryCode } from "./rules";

/** A new class, or its settings: the create form, its action and `POST /api/v1/classes`. */
export const classInput = z.object({
  name: z.string().trim().min(1, "class_name_empty").max(CLASS_NAME_MAX, "class_name_too_long").pipe(plainText()).describe(`The class's name, 1–${CLASS_NAME_MAX} characters`),
  subject: z
    .string()
    .trim()
    .max(CLASS_SUBJECT_MAX, "class_subject_too_long")
    .pipe(plainText())
    .optional()
    .transform((s) => (s ? s : undefined))
    .describe(`Optional subject, at most ${CLASS_SUBJECT_MAX} characters`),
});
export type ClassInput = z.infer<typeof classInput>;

export const classSettingsInput = z.object({ showLeaderboard: z.boolean() });

/** `{id}` of /api/v1/classes/{id}: a UUID, or no such class. */
export const classParams = z.object({ id: z.uuid() });

/** A class code as typed: any case, dashes and look-alikes; anything else names no class. */
export const classCodeSchema = z.string().max(40).transform((raw, ctx) => {
  const code = normalizeClassCode(raw);
  if (code) return code;
  ctx.addIssue({ code: "custom", message: "class_code_invalid" });
  return z.NEVER;
});

export const recoveryCodeSchema = z.string().max(40).transform((raw, ctx) => {
  const code = normalizeRecoveryCode(raw);
  if (code) return code;
  ctx.addIssue({ code: "custom", message: "recovery_code_invalid" });
  return z.NEVER;
});

/** Joining: the class code, and the roster name (the nickname rules of docs/rules.md §5). */
export const joinClassInput = z.object({ code: classCodeSchema, name: z.string().max(200).pipe(nicknameSchema) });
export const rosterNameInput = z.object({ name: z.string().max(200).pipe(nicknameSchema) });
export const recoverInput = z.object({ recoveryCode: recoveryCodeSchema });
/** Assigning a challenge by its code (the teacher's own challenges). */
export const assignInput = z.object({ challenge: z.string().min(1).max(40).describe("The challenge's code") });

export const gradebookQuery = z.object({ format: z.enum(["json", "csv", "xlsx"]).default("json") });

/** A roster student's extra time in the class's challenges (docs/rules.md §13): ×1 (none), ×1.5 or ×2. */
export const studentExtraTimeInput = z.object({
  extraTime: z.union([z.literal(1), z.literal(1.5), z.literal(2)]).describe("×1 (none), ×1.5 or ×2 each question's time limit"),
});
