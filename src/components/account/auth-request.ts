/** What an /api/auth request answered: its status, and the error's code and field codes when it failed. */
export type AuthAnswer = { ok: boolean; status: number; code: string; fieldCodes: Record<string, string[]>; body: Record<string, unknown> };

/**
 * POSTs JSON to one of Better Auth's endpoints under /api/auth. Errors come in two shapes: ours
 * (`{error: {code, fieldCodes}}`, src/server/errors.ts) and Better Auth's (`{code, message}`).
 */
export async function postAuth(path: string, data: Record<string, unknown>): Promise<AuthAnswer> {
  const res = await fetch(`/api/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & {
    code?: string;
    error?: { code?: string; fieldCodes?: Record<string, string[]> };
  };
  return { ok: res.ok, status: res.status, code: body.error?.code ?? body.code ?? "", fieldCodes: body.error?.fieldCodes ?? {}, body };
}
