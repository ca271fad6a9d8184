import "server-only";
import { ZodError } from "zod";
import { errorFields, log } from "@/log";
import { AppError, type ChallengeWindowError, type ErrorCode, type FieldErrorCodes, type FieldErrors, type ImportLine, validationError } from "./errors";

/** What a server action sends back: its value, or an error code and message the UI can show. */
export type ActionResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      code: ErrorCode;
      message: string;
      fields?: FieldErrors;
      fieldCodes?: FieldErrorCodes;
      lines?: ImportLine[];
      window?: ChallengeWindowError;
    };

/** Runs an action body and maps every error (AppError, ZodError, anything else) to one shape. */
export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    // Next's redirect()/notFound() are thrown on purpose; let them through.
    if (err && typeof err === "object" && "digest" in err && typeof err.digest === "string" && err.digest.startsWith("NEXT_")) throw err;
    const e = err instanceof AppError ? err : err instanceof ZodError ? validationError(err) : null;
    if (!e) {
      log().error({ component: "action", ...errorFields(err) }, "unexpected error");
      return { ok: false, code: "internal_error", message: new AppError("internal_error").message };
    }
    return {
      ok: false,
      code: e.code,
      message: e.message,
      ...(e.details?.fields ? { fields: e.details.fields } : {}),
      ...(e.details?.fieldCodes ? { fieldCodes: e.details.fieldCodes } : {}),
      ...(e.details?.lines ? { lines: e.details.lines } : {}),
      ...(e.details?.window ? { window: e.details.window } : {}),
    };
  }
}
