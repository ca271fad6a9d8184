import { z } from "./zod";
import { isProfane } from "./profanity";
import { NICKNAME_MAX } from "./nickname-limits";

export { NICKNAME_MAX };

export type NicknameProblem = "empty" | "too_long" | "control_chars" | "profanity";

/** Checks a nickname against docs/rules.md §5; returns the trimmed name or the problem. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; problem: NicknameProblem } {
  const nickname = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  if (nickname.length === 0) return { ok: false, problem: "empty" };
  if ([...nickname].length > NICKNAME_MAX) return { ok: false, problem: "too_long" };
  if (/[\p{Cc}\p{Cf}]/u.test(nickname)) return { ok: false, problem: "control_chars" };
  if (isProfane(nickname)) return { ok: false, problem: "profanity" };
  return { ok: true, nickname };
}

const MESSAGES: Record<NicknameProblem, string> = {
  empty: "Pick a nickname",
  too_long: `A nickname has at most ${NICKNAME_MAX} characters`,
  control_chars: "A nickname cannot contain control characters",
  profanity: "That nickname is not allowed; pick another one",
};

/** The nickname field as a zod schema, for forms, actions and the API. */
export const nicknameSchema = z.string().transform((raw, ctx) => {
  const checked = checkNickname(raw);
  if (checked.ok) return checked.nickname;
  ctx.addIssue({ code: "custom", message: MESSAGES[checked.problem], params: { problem: checked.problem } });
  return z.NEVER;
});
