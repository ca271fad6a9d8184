import { describe, expect, it } from "vitest";
import { DELETION_ORDER, DELETION_RULES, exportFileName, missingDeletionRules } from "./account-deletion";

describe("account deletion rules", () => {
  it.each([
    [{ sessions: ["user_id"] }, []],
    [{ questions: [] }, []],
    [{ bookmarks: ["user_id"] }, ["bookmarks"]],
    [{ reports: ["reporter_id", "assignee_id"] }, ["reports"]],
    [{ z_table: ["owner_id"], a_table: ["user_id"] }, ["a_table", "z_table"]],
  ])("%j lacks rules for %j", (refs, missing) => {
    expect(missingDeletionRules(refs)).toEqual(missing);
  });

  it("deletes the account row last, after every table that points at it", () => {
    expect(DELETION_ORDER.at(-1)).toBe("users");
    expect(new Set(DELETION_ORDER).size).toBe(Object.keys(DELETION_RULES).length);
  });

  it("names the download by handle and UTC day", () => {
    expect(exportFileName("ana", new Date("2026-05-01T23:30:00Z"))).toBe("quizdeck-ana-2026-05-01.json");
  });
});
