import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { CROSS_SITE_MESSAGE } from "@/core/http/action-origin";
import { errorFields, log } from "@/log";
import { AppError, toErrorBody, validationError } from "./errors";
import { getViewer } from "./viewer";

type Ctx<P> = { params: Promise<P> };

/** Sends an AppError (or any thrown error, as internal_error) in the shape of docs/rules.md §7. */
export function errorResponse(err: unknown): NextResponse {
  const appError = err instanceof AppError ? err : new AppError("internal_error");
  if (!(err instanceof AppError)) log().error({ component: "api", ...errorFields(err) }, "unhandled error");
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (appError.details?.retryAfterSeconds) headers["retry-after"] = String(appError.details.retryAfterSeconds);
  return NextResponse.json(toErrorBody(appError), { status: appError.status, headers });
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Query-string values as an object; a repeated key keeps its last value. */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

/** What a route takes unless it says otherwise: every JSON body of the API is small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** An import's file may be 5 MB; a spreadsheet sent as base64 grows by a third, plus the JSON around it. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const bodyLimits = new WeakMap<Request, number>();

const tooLarge = (limit: number) =>
  new AppError("payload_too_large", `The request body is larger than ${limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`}, the most this route takes.`);

/** A declared Content-Length over the limit is refused before a byte of the body is read. */
export function checkDeclaredLength(headers: Headers, limit: number): void {
  const declared = Number(headers.get("content-length") ?? 0);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

/**
 * The body as text, read chunk by chunk and abandoned with `payload_too_large` as soon as it
 * passes `limit` bytes, so a chunked upload without a Content-Length cannot fill the memory.
 */
export async function readBodyText(req: Request, limit = bodyLimits.get(req) ?? DEFAULT_BODY_LIMIT): Promise<string> {
  checkDeclaredLength(req.headers, limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a JSON body with its zod schema, within the route's size limit (see apiRoute). Only
 * `application/json` is taken: a cross-site HTML form cannot send it without a CORS preflight, so
 * cookie-authenticated calls are not forgeable.
 */
export async function jsonBody<S extends z.ZodType>(req: NextRequest, schema: S): Promise<z.infer<S>> {
  if (!req.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    throw new AppError("validation_failed", "Send the body as JSON with Content-Type: application/json.", {
      fields: { _: ["Content-Type must be application/json"] },
    });
  }
  const text = await readBodyText(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "The body is not valid JSON.", { fields: { _: ["The body is not valid JSON"] } });
  }
  return parseOrThrow(schema, body);
}

/**
 * A bearer token must be valid (a wrong or revoked one is `unauthorized`, never a silent guest);
 * a browser's write from another site is `forbidden` (its Origin names a different host).
 */
async function checkCaller(req: NextRequest): Promise<void> {
  if (req.headers.get("authorization")) {
    if (!(await getViewer())) throw new AppError("unauthorized", "The API token is not valid or was revoked. Create a new one on /me.");
    return;
  }
  const origin = req.headers.get("origin");
  if (origin && req.method !== "GET" && req.method !== "HEAD") {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host !== req.headers.get("host")) throw new AppError("forbidden", CROSS_SITE_MESSAGE);
  }
}

/**
 * Every /api/v1 handler goes through here: it refuses a body over the route's limit (64 KB unless
 * `maxBody` says otherwise), parses the path params and the query with their zod schemas (a param
 * that breaks its schema, such as an id that is not a UUID, is `not_found`: no such thing exists)
 * and maps every error to one response shape.
 */
export function apiRoute<P extends Record<string, string>, Q extends z.ZodType>(
  schemas: { query?: Q; params?: z.ZodType<P>; maxBody?: number },
  handler: (input: { req: NextRequest; params: P; query: z.infer<Q> }) => Promise<Response>,
) {
  const limit = schemas.maxBody ?? DEFAULT_BODY_LIMIT;
  return async (req: NextRequest, ctx: Ctx<P>): Promise<Response> => {
    try {
      checkDeclaredLength(req.headers, limit);
      bodyLimits.set(req, limit);
      await checkCaller(req);
      const raw = await ctx.params;
      let params = raw;
      if (schemas.params) {
        const parsed = schemas.params.safeParse(raw);
        if (!parsed.success) throw new AppError("not_found");
        params = parsed.data;
      }
      const query = schemas.query ? parseOrThrow(schemas.query, searchParamsObject(req.nextUrl.searchParams)) : undefined;
      return await handler({ req, params, query: query as z.infer<Q> });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
