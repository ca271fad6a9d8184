import type { Viewer } from "@/server/viewer";

/** A signed-in viewer for a test user (as `getViewer` would give it), a member unless `role` says otherwise. */
export const asViewer = (u: { id: string; handle: string }, role: "member" | "admin" = "member"): Viewer => ({
  id: u.id,
  handle: u.handle,
  name: u.handle,
  email: `${u.handle}@example.test`,
  emailVerified: true,
  role,
  locale: "en",
  via: "session",
});
