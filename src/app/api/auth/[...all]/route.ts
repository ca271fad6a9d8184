// GET|POST /api/auth/* – Better Auth's email-and-password endpoints (sign-up, sign-in, sign-out, session)
import type { NextRequest } from "next/server";
import { errorResponse } from "@/server/api";
import { getAuth } from "@/server/auth";
import { clientKeyOf } from "@/server/client-address";
import { consume } from "@/server/rate-limit";

const LIMITED = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);

/** The account a sign-in or sign-up is for, so password guessing is limited per account too. */
async function accountOf(req: NextRequest): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

async function handle(req: NextRequest): Promise<Response> {
  try {
    if (req.method === "POST" && LIMITED.has(req.nextUrl.pathname)) {
      // Per address (many accounts from one place) and per account (one account from many places).
      await consume("signIn", clientKeyOf(req.headers));
      const account = await accountOf(req);
      if (account) await consume("signInAccount", account);
    }
    const auth = await getAuth(req.headers);
    return await auth.handler(req);
  } catch (err) {
    return errorResponse(err);
  }
}

export const GET = handle;
export const POST = handle;
