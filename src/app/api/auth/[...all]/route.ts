// GET|POST /api/auth/* – Better Auth's endpoints: email and password (sign-up, sign-in, sign-out, session,
// password reset and change, email verification and change), passkeys, two-factor and sessions
import type { NextRequest } from "next/server";
import { PASSWORD_ERROR_CODES, passwordProblem, PASSWORD_MESSAGES } from "@/core/password";
import { passkeyName, PASSKEY_NAME_MAX } from "@/core/second-factor";
import { DEFAULT_BODY_LIMIT, errorResponse, readBodyText } from "@/server/api";
import { getAuth } from "@/server/auth";
import { limitAuthRequest, resetTokenLiveOnTestClock } from "@/server/auth-guards";
import { AppError, ERRORS, toErrorBody, type ErrorCode, type FieldErrorCodes, type FieldErrors } from "@/server/errors";

/** Where a new password is chosen, and the field that holds it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/api/auth/sign-up/email": "password",
  "/api/auth/change-password": "newPassword",
  "/api/auth/reset-password": "newPassword",
};

/** Better Auth cannot see a password before hashing it, so the password rules run here. */
function checkNewPassword(path: string, text: string): void {
  const field = NEW_PASSWORD_FIELD[path];
  if (!field) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return; // Better Auth answers malformed JSON itself.
  }
  const password = (body as Record<string, unknown> | null)?.[field];
  if (typeof password !== "string") return;
  const problem = passwordProblem(password);
  if (problem) {
    throw new AppError("weak_password", `${PASSWORD_MESSAGES[problem]}.`, {
      fields: { [field]: [PASSWORD_MESSAGES[problem]] },
      fieldCodes: { [field]: [PASSWORD_ERROR_CODES[problem]] },
    });
  }
}

/** Better Auth's codes of the second factors, as the catalogue's (src/server/errors.ts). */
const CATALOGUED: Record<string, ErrorCode> = {
  INVALID_CODE: "invalid_code",
  INVALID_BACKUP_CODE: "invalid_code",
  OTP_HAS_EXPIRED: "invalid_code",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "two_factor_locked",
  ACCOUNT_TEMPORARILY_LOCKED: "two_factor_locked",
  INVALID_TWO_FACTOR_COOKIE: "two_factor_expired",
  CHALLENGE_NOT_FOUND: "passkey_failed",
  PASSKEY_NOT_FOUND: "passkey_failed",
  AUTHENTICATION_FAILED: "passkey_failed",
  FAILED_TO_VERIFY_REGISTRATION: "passkey_failed",
  PREVIOUSLY_REGISTERED: "passkey_failed",
  SESSION_NOT_FRESH: "reauthenticate",
};

/** A passkey's name (when one is sent) follows the rule of src/core/second-factor.ts. */
function checkPasskeyName(path: string, text: string): void {
  if (path !== "/api/auth/passkey/verify-registration" && path !== "/api/auth/passkey/update-passkey") return;
  let name: unknown;
  try {
    name = (JSON.parse(text) as Record<string, unknown> | null)?.name;
  } catch {
    return;
  }
  if (name === undefined && path.endsWith("verify-registration")) return;
  if (typeof name !== "string" || !passkeyName(name)) {
    const message = `Give the passkey a name of 1–${PASSKEY_NAME_MAX} characters.`;
    throw new AppError("validation_failed", message, { fields: { name: [message] }, fieldCodes: { name: ["invalid"] } });
  }
}

/**
 * Errors our hooks raise (src/server/auth.ts) carry a catalogue code: send them in the API's error
 * shape. An empty 500 (a database error inside Better Auth) becomes `internal_error`.
 */
async function inApiShape(res: Response): Promise<Response> {
  if (res.ok || res.status < 400) return res;
  const text = await res.clone().text();
  if (res.status >= 500 && !text) return errorResponse(new Error(`Better Auth answered ${res.status} with no body`));
  let body: { code?: string; message?: string; fields?: FieldErrors; fieldCodes?: FieldErrorCodes };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return res;
  }
  const code = body.code && Object.hasOwn(CATALOGUED, body.code) ? CATALOGUED[body.code]! : body.code;
  if (!code || !Object.hasOwn(ERRORS, code)) return res;
  const error = new AppError(code as ErrorCode, code === body.code ? body.message : undefined, body.fields ? { fields: body.fields, ...(body.fieldCodes ? { fieldCodes: body.fieldCodes } : {}) } : undefined);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(toErrorBody(error)), { status: error.status, headers });
}

async function handle(req: NextRequest): Promise<Response> {
  try {
    const path = req.nextUrl.pathname;
    let request: Request = req;
    if (req.method === "GET") await limitAuthRequest(req, "", () => getAuth(req.headers));
    else if (req.method !== "HEAD") {
      // Every body here is a small JSON object: refuse a large one before reading it whole.
      const text = await readBodyText(req, DEFAULT_BODY_LIMIT);
      await limitAuthRequest(req, text, () => getAuth(req.headers));
      checkNewPassword(path, text);
      checkPasskeyName(path, text);
      if (!(await resetTokenLiveOnTestClock(req, text))) {
        return Response.json({ code: "INVALID_TOKEN", message: "Invalid token" }, { status: 400 });
      }
      request = new Request(req.url, { method: req.method, headers: req.headers, body: text });
    }
    const auth = await getAuth(req.headers);
    return await inApiShape(await auth.handler(request));
  } catch (err) {
    return errorResponse(err);
  }
}

export const GET = handle;
export const POST = handle;
