import "server-only";
import { deviceStudent, mayClaim, type ClaimRefusal } from "@/core/classes/live";
import type { LiveErrorCode } from "@/core/live/protocol";
import type { Db } from "@/db/client";
import { getStudent, studentsOf } from "@/db/queries/classes";

/**
 * Which roster name a device may take in a live game for a class (docs/rules.md §13): the rule is
 * core's (`mayClaim`); this loads the entry asked for and the device's own entry in the class
 * (its signed-in member's, or the one its `qd_class` token names). Whether the name is free in the
 * game is the engine's.
 */
export type ClassClaim = { ok: true; claim: { studentId: string; name: string } } | { ok: false; error: { code: LiveErrorCode; message: string } };

const REFUSALS: Record<ClaimRefusal, { code: LiveErrorCode; message: string }> = {
  not_on_roster: { code: "not_found", message: "That name is not on this class's list." },
  not_yours: { code: "forbidden", message: "This device belongs to another student of the class: pick your own name." },
  member_only: { code: "forbidden", message: "This name belongs to a member's account: sign in as them on this device to take it." },
};

export async function classClaim(
  db: Db,
  classId: string,
  studentId: string,
  device: { userId: string | null; tokenHashes: string[] },
): Promise<ClassClaim> {
  const [entry, mine] = await Promise.all([getStudent(db, classId, studentId), studentsOf(db, device)]);
  const check = mayClaim(classId, entry, { userId: device.userId, studentId: deviceStudent(classId, mine, device.userId) });
  if (!check.ok || !entry) return { ok: false, error: REFUSALS[check.ok ? "not_on_roster" : check.refusal] };
  return { ok: true, claim: { studentId: entry.id, name: entry.name } };
}
