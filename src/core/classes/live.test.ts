import { describe, expect, it } from "vitest";
import { deviceStudent, mayClaim, preselectedStudent, type ClaimDevice, type ClaimEntry } from "./live";

// Who may take which roster name in a live game for a class (docs/rules.md §13).

const CLASS = "class-1";
const guestAna: ClaimEntry = { id: "ana", classId: CLASS, userId: null };
const memberMo: ClaimEntry = { id: "mo", classId: CLASS, userId: "user-mo" };
const elsewhere: ClaimEntry = { id: "zed", classId: "class-2", userId: null };

const nobody: ClaimDevice = { userId: null, studentId: null };
const anaDevice: ClaimDevice = { userId: null, studentId: "ana" };
const moSignedIn: ClaimDevice = { userId: "user-mo", studentId: "mo" };
const otherMember: ClaimDevice = { userId: "user-x", studentId: null };
const benDevice: ClaimDevice = { userId: null, studentId: "ben" };

describe("mayClaim", () => {
  it.each<[string, ClaimEntry | null, ClaimDevice, string]>([
    ["a guest's name, from the browser holding its token", guestAna, anaDevice, "ok"],
    ["a guest's name, from a device that is nobody in the class", guestAna, nobody, "ok"],
    ["a guest's name, from a member who is not in the class", guestAna, otherMember, "ok"],
    ["a guest's name, from another student's browser", guestAna, benDevice, "not_yours"],
    ["a member's name, signed in as them", memberMo, moSignedIn, "ok"],
    ["a member's name, from a device that is nobody", memberMo, nobody, "member_only"],
    ["a member's name, from another member", memberMo, otherMember, "member_only"],
    ["a member's name, from a guest student's browser", memberMo, anaDevice, "not_yours"],
    ["a name of another class", elsewhere, nobody, "not_on_roster"],
    ["no such entry", null, nobody, "not_on_roster"],
  ])("%s → %s", (_case, entry, device, expected) => {
    const r = mayClaim(CLASS, entry, device);
    expect(r.ok ? "ok" : r.refusal).toBe(expected);
  });
});

describe("deviceStudent", () => {
  const entries = [
    { id: "tok-other-class", classId: "class-2", userId: null },
    { id: "tok", classId: CLASS, userId: null },
    { id: "mine", classId: CLASS, userId: "user-mo" },
  ];
  it.each<[string, string | null, string | null]>([
    ["the member's own entry first", "user-mo", "mine"],
    ["else the browser's token's", null, "tok"],
    ["else the browser's token's, for another member", "user-x", "tok"],
  ])("%s", (_case, userId, expected) => expect(deviceStudent(CLASS, entries, userId)).toBe(expected));
  it("is nobody without an entry in the class", () => expect(deviceStudent("class-3", entries, "user-mo")).toBeNull());
});

describe("preselectedStudent", () => {
  const roster = [{ id: "ana" }, { id: "mo" }];
  it.each<[ClaimDevice, string | null]>([
    [anaDevice, "ana"],
    [moSignedIn, "mo"],
    [nobody, null],
    [benDevice, null],
  ])("%j → %s", (device, expected) => expect(preselectedStudent(roster, device)).toBe(expected));
});
