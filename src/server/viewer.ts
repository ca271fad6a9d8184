import "server-only";

export type Viewer = { id: string; handle: string; name: string; role: "member" | "admin" };

/**
 * Who is making this request. Accounts (Better Auth) are not mounted yet, so there is never a
 * signed-in viewer; pages that need one answer 401 through `unauthorized()`.
 */
export async function getViewer(): Promise<Viewer | null> {
  return null;
}
