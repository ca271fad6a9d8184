import type { FieldErrorCode } from "./field-errors";
import { z } from "./zod";
import { isProfane } from "./profanity";
import { NICKNAME_MAX, nicknameLength } from "./nickname-limits";

export { NICKNAME_MAX };

export type NicknameProblem = "empty" | "too_long" | "control_chars" | "profanity";

/** Checks a nickname against docs/rules.md §5; returns the trimmed name or the problem. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; problem: NicknameProblem } {
  const nickname = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  if (nickname.length === 0) return { ok: false, problem: "empty" };
  if (nicknameLength(nickname) > NICKNAME_MAX) return { ok: false, problem: "too_long" };
  if (/[\p{Cc}\p{Cf}]/u.test(nickname)) return { ok: false, problem: "control_chars" };
  if (isProfane(nickname)) return { ok: false, problem: "profanity" };
  return { ok: true, nickname };
}

/** Each problem's field error code (src/core/field-errors.ts), which screens say in the viewer's language. */
export const NICKNAME_ERROR_CODES: Record<NicknameProblem, FieldErrorCode> = {
  empty: "nickname_empty",
  too_long: "nickname_too_long",
  control_chars: "nickname_control_chars",
  profanity: "nickname_profanity",
};

/** The nickname field as a zod schema, for forms, actions and the API. */
export const nicknameSchema = z.string().transform((raw, ctx) => {
  const checked = checkNickname(raw);
  if (checked.ok) return checked.nickname;
  ctx.addIssue({ code: "custom", message: NICKNAME_ERROR_CODES[checked.problem], params: { problem: checked.problem } });
  return z.NEVER;
});
