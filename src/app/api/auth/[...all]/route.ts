// GET|POST /api/auth/* – Better Auth's email-and-password endpoints (sign-up, sign-in, sign-out, session)
import type { NextRequest } from "next/server";
import { errorResponse } from "@/server/api";
import { getAuth } from "@/server/auth";
import { clientIp, consume } from "@/server/rate-limit";

const LIMITED = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);

async function handle(req: NextRequest): Promise<Response> {
  try {
    if (req.method === "POST" && LIMITED.has(req.nextUrl.pathname)) await consume("signIn", clientIp(req.headers));
    const auth = await getAuth(req.headers);
    return await auth.handler(req);
  } catch (err) {
    return errorResponse(err);
  }
}

export const GET = handle;
export const POST = handle;
