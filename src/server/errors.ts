import type { z } from "zod";
import { fieldErrorCode, fieldErrorEnglish, type FieldErrorCode } from "@/core/field-errors";
import type { ImportProblem } from "@/core/import";

/** The error catalogue of docs/rules.md §8: a stable code, its HTTP status, a default message. */
export const ERRORS = {
  not_found: { status: 404, message: "This page could not be found." },
  unauthorized: { status: 401, message: "Sign in to do this." },
  forbidden: { status: 403, message: "You are signed in, but not allowed to do this." },
  validation_failed: { status: 422, message: "Some of the input breaks a rule; see the fields." },
  bad_request: { status: 400, message: "The request could not be read." },
  game_not_found: { status: 404, message: "There is no open game with that PIN. Check the PIN on the host's screen." },
  game_locked: { status: 403, message: "The host has locked this game. Ask them to unlock it." },
  game_full: { status: 409, message: "This game is full. Ask the host to raise the player limit." },
  nickname_taken: { status: 409, message: "Someone in this game already has that nickname. Pick another one." },
  nickname_rejected: { status: 422, message: "That nickname is not allowed. Pick another one." },
  identifier_rejected: { status: 422, message: "Fill in the host's field (at most 60 characters) to join." },
  already_answered: { status: 409, message: "You have already answered this question." },
  answer_too_late: { status: 409, message: "Time was up before your answer arrived." },
  handle_taken: { status: 409, message: "That handle is taken; pick another one." },
  wrong_password: { status: 401, message: "That is not the account's password." },
  invalid_code: { status: 401, message: "That code is not right, or it was already used. Enter the current code from your app, or an unused backup code." },
  two_factor_locked: { status: 429, message: "Too many wrong codes for this account. Wait 15 minutes and try again." },
  two_factor_expired: { status: 401, message: "The sign-in took too long. Enter your email and password again." },
  reauthenticate: { status: 403, message: "For this, sign out and sign in again first: you signed in more than a day ago." },
  passkey_failed: { status: 400, message: "The passkey could not be used. Try again, or sign in with your password." },
  weak_password: { status: 422, message: "Choose a stronger password: at least 10 characters, and not one of the 10,000 most common." },
  account_disabled: { status: 403, message: "This account has been disabled by an administrator. Ask them to enable it again." },
  last_admin: { status: 409, message: "This is the last active admin. Make another member an admin first." },
  payload_too_large: { status: 413, message: "The request is too large." },
  rate_limited: { status: 429, message: "Too many requests. Wait a moment and try again." },
  edit_conflict: { status: 409, message: "This quiz was changed in another tab or device. Choose which version to keep." },
  invalid_state: { status: 409, message: "That cannot be done at this point of the game." },
  import_failed: { status: 422, message: "The file could not be imported; see the listed lines." },
  not_enough_reviews: { status: 422, message: "There are not enough reviews to optimise study parameters yet." },
  challenge_closed: { status: 409, message: "This challenge is not open." },
  no_attempts_left: { status: 409, message: "You have used every attempt this challenge allows." },
  roster_name_taken: { status: 409, message: "Someone in this class already has that name. Pick another one." },
  roster_name_claimed: { status: 409, message: "Someone on another device has already taken this name. If it is yours, ask your teacher to release it." },
  class_full: { status: 409, message: "This class is full. Ask the teacher to make room." },
  internal_error: { status: 500, message: "Something went wrong on our side. Try again in a moment." },
  unavailable: { status: 503, message: "The service is not available right now. Try again in a moment." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type FieldErrors = Record<string, string[]>;
/** Why `challenge_closed`: not open yet (and when it opens) or closed (and when it closed). */
export type ChallengeWindowError = { state: "upcoming" | "closed"; at: string };
/** Each field's problems as codes (src/core/field-errors.ts), beside the English of FieldErrors. */
export type FieldErrorCodes = Record<string, FieldErrorCode[]>;

/**
 * Marks an AppError across copies of this module: Next's server bundles and the custom server
 * (src/server/main.ts, through tsx) each load their own copy, and state shared between them
 * (the rate limiters on globalThis) throws the copy that created it. `instanceof AppError` must
 * hold for both, or a rate-limited live join would be answered as an internal error.
 */
const APP_ERROR = Symbol.for("quizdeck.AppError");

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  readonly [APP_ERROR] = true;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: {
      fields?: FieldErrors;
      fieldCodes?: FieldErrorCodes;
      retryAfterSeconds?: number;
      lines?: ImportLine[];
      window?: ChallengeWindowError;
    },
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
  }
}

/**
 * A zod failure as `validation_failed`, with each field's messages keyed by its dotted path: in
 * English, and as codes a screen says in the viewer's language.
 */
export function validationError(error: z.ZodError): AppError {
  const fields: FieldErrors = {};
  const fieldCodes: FieldErrorCodes = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (fields[key] ??= []).push(fieldErrorEnglish(issue.message));
    (fieldCodes[key] ??= []).push(fieldErrorCode(issue.message));
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");
  return new AppError("validation_failed", `Invalid input — ${summary}`, { fields, fieldCodes });
}

/** One line of an import file and why it was refused: English `reason`, and its codes when it has them. */
export type ImportLine = Pick<ImportProblem, "line" | "reason" | "skipped" | "question" | "details">;

export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors; fieldCodes?: FieldErrorCodes; lines?: ImportLine[]; window?: ChallengeWindowError };
};

export function toErrorBody(err: AppError): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details?.fields ? { fields: err.details.fields } : {}),
      ...(err.details?.fieldCodes ? { fieldCodes: err.details.fieldCodes } : {}),
      ...(err.details?.lines ? { lines: err.details.lines } : {}),
      ...(err.details?.window ? { window: err.details.window } : {}),
    },
  };
}
