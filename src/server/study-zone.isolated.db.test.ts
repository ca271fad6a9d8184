import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { getStudySettings } from "@/db/queries/study";
import { makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import type { Viewer } from "./viewer";
import { asViewer } from "@/test/viewers";

// Who asks, and which database answers: set by each test.
const current: { viewer: Viewer | null; db: DbHandle["db"] | null } = { viewer: null, db: null };
vi.mock("./viewer", () => ({ getViewer: async () => current.viewer }));
vi.mock("@/db", () => ({ getDb: async () => current.db }));

const { studyDeviceZoneAction, studySettingsAction } = await import("./actions/study");
const { viewerNeedsStudyZone } = await import("./study");

/**
 * A member's first study page takes their device's time zone (docs/rules.md §10), on both
 * databases: a guest is `unauthorized` and nothing is stored, a zone the server does not know is
 * `validation_failed`, and settings already saved (a zone chosen in the form) stay as they are.
 */
describe.each(testBackends)("the device's study zone on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    current.db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("a guest is refused; a member without settings takes it once; a saved choice stays", async () => {
    current.db = handle.db;
    current.viewer = null;
    expect(await viewerNeedsStudyZone()).toBe(false);
    expect(await studyDeviceZoneAction({ timeZone: "Asia/Tokyo" })).toMatchObject({ ok: false, code: "unauthorized" });

    const member = await makeUser(handle.db);
    current.viewer = asViewer(member);
    expect(await viewerNeedsStudyZone()).toBe(true);
    expect(await studyDeviceZoneAction({ timeZone: "Tokyo" })).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await studyDeviceZoneAction({})).toMatchObject({ ok: false, code: "validation_failed" });
    expect(await viewerNeedsStudyZone()).toBe(true);
    expect(await studyDeviceZoneAction({ timeZone: "Asia/Tokyo" })).toEqual({ ok: true, value: { adopted: true } });
    expect(await viewerNeedsStudyZone()).toBe(false);
    expect(await studyDeviceZoneAction({ timeZone: "America/Lima" })).toEqual({ ok: true, value: { adopted: false } });
    expect((await getStudySettings(handle.db, member.id)).timeZone).toBe("Asia/Tokyo");

    const chose = await makeUser(handle.db);
    current.viewer = asViewer(chose);
    expect(await studySettingsAction({ desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" })).toMatchObject({ ok: true });
    expect(await studyDeviceZoneAction({ timeZone: "Europe/Madrid" })).toEqual({ ok: true, value: { adopted: false } });
    expect((await getStudySettings(handle.db, chose.id)).timeZone).toBe("UTC");
  });
});
