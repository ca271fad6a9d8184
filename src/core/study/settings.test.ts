import { describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZoneChoices } from "./settings";
import { studySettingsInput } from "./settings-schema";

describe("canonicalTimeZone", () => {
  it.each([
    ["Europe/Madrid", "Europe/Madrid"],
    ["asia/tokyo", "Asia/Tokyo"],
    ["UTC", "UTC"],
    ["Tokyo", null],
    ["GMT+25", null],
    ["", null],
    ["Europe/Madrid; drop table", null],
    ["A".repeat(65), null],
  ])("%s → %s", (input, expected) => {
    expect(canonicalTimeZone(input)).toBe(expected);
  });
});

describe("studySettingsInput's time zone", () => {
  const base = { desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200 };
  it("stores the canonical name", () => {
    expect(studySettingsInput.parse({ ...base, timeZone: "europe/madrid" }).timeZone).toBe("Europe/Madrid");
  });
  it("refuses a city alone with the field's own code", () => {
    const r = studySettingsInput.safeParse({ ...base, timeZone: "Tokyo" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["timeZone", "time_zone_unknown"]]);
  });
});

describe("timeZoneChoices", () => {
  it("lists UTC first and every choice is accepted under its own name", () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe("UTC");
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones).size).toBe(zones.length);
    for (const z of zones) expect(canonicalTimeZone(z), z).not.toBeNull();
  });
});
