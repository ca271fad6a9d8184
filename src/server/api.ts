import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, toErrorBody, validationError } from "./errors";
import { getViewer } from "./viewer";

type Ctx<P> = { params: Promise<P> };

/** Sends an AppError (or any thrown error, as internal_error) in the shape of PRODUCT.md §7. */
export function errorResponse(err: unknown): NextResponse {
  const appError = err instanceof AppError ? err : new AppError("internal_error");
  if (!(err instanceof AppError)) console.error("[api] unhandled error:", err);
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

/**
 * Reads a JSON body with its zod schema. Only `application/json` is taken: a cross-site HTML form
 * cannot send it without a CORS preflight, so cookie-authenticated calls are not forgeable.
 */
export async function jsonBody<S extends z.ZodType>(req: NextRequest, schema: S): Promise<z.infer<S>> {
  if (!req.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    throw new AppError("validation_failed", "Send the body as JSON with Content-Type: application/json.", {
      fields: { _: ["Content-Type must be application/json"] },
    });
  }
  let body: unknown;
  try {
    body = await req.json();
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
    if (host !== req.headers.get("host")) throw new AppError("forbidden", "Requests from other sites are not accepted.");
  }
}

/**
 * Every /api/v1 handler goes through here: it parses the path params and the query with their zod
 * schemas and maps every error to one response shape.
 */
export function apiRoute<P extends Record<string, string>, Q extends z.ZodType>(
  schemas: { query?: Q },
  handler: (input: { req: NextRequest; params: P; query: z.infer<Q> }) => Promise<Response>,
) {
  return async (req: NextRequest, ctx: Ctx<P>): Promise<Response> => {
    try {
      await checkCaller(req);
      const params = await ctx.params;
      const query = schemas.query ? parseOrThrow(schemas.query, searchParamsObject(req.nextUrl.searchParams)) : undefined;
      return await handler({ req, params, query: query as z.infer<Q> });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
