import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { makeUser } from "@/db/queries/social.test-helpers";
import { insertApiToken } from "@/db/queries/profile";
import { changeUser } from "@/db/queries/admin-users";
import { testBackends } from "@/db/test-databases";

const current: { db: DbHandle["db"] | null; headers: Headers } = { db: null, headers: new Headers() };
vi.mock("@/db", () => ({ getDb: async () => current.db }));
vi.mock("next/headers", () => ({ headers: async () => current.headers }));

const { getViewer, hashToken } = await import("./viewer");

/** A disabled account's personal API tokens stop working at once, and work again once it is enabled. */
describe.each(testBackends)("a disabled account's API tokens on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("refuses the token while the account is disabled", async () => {
    current.db = handle.db;
    await makeUser(handle.db, { role: "admin" });
    const pupil = await makeUser(handle.db);
    const token = `qd_test_${pupil.id}`;
    await insertApiToken(handle.db, { userId: pupil.id, name: "script", tokenHash: hashToken(token), prefix: token.slice(0, 11) });
    current.headers = new Headers({ authorization: `Bearer ${token}` });
    expect((await getViewer())?.id).toBe(pupil.id);
    await changeUser(handle.db, { id: pupil.id }, "disable", { via: "cli" });
    expect(await getViewer()).toBeNull();
    await changeUser(handle.db, { id: pupil.id }, "enable", { via: "cli" });
    expect((await getViewer())?.id).toBe(pupil.id);
  });
});
