import { describe, expect, it } from "vitest";
import {
  addBrowserToken,
  attemptPercent,
  BROWSER_CLASSES_MAX,
  buildGradebook,
  classCode,
  classRole,
  classStandings,
  formatRecoveryCode,
  gradebookTable,
  normalizeClassCode,
  normalizeRecoveryCode,
  recoveryCode,
  rosterNameKey,
  gradebookColumnTitle,
} from "./rules";
import { classInput, joinClassInput, recoverInput } from "./schema";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("class and recovery codes", () => {
  it.each([
    [bytes(0, 1, 2, 3, 4, 5), "012345"],
    [bytes(31, 32, 63, 255, 10, 18), "Z0ZZAJ"],
  ])("draws a class code from %j", (b, code) => expect(classCode(b)).toBe(code));

  it("needs enough bytes", () => {
    expect(() => classCode(bytes(1, 2))).toThrow(RangeError);
    expect(recoveryCode(new Uint8Array(10).fill(33))).toBe("1111111111");
  });

  it.each([
    ["abc-dez", "ABCDEZ"],
    ["ab cd ef", "ABCDEF"],
    ["oil0l1", "011011"],
    ["ABCDEU", null],
    ["ABCDE", null],
    ["", null],
  ])("reads the class code %j as %j", (input, out) => expect(normalizeClassCode(input)).toBe(out));

  it.each([
    ["abcde-fghjk", "ABCDEFGHJK"],
    ["ABCDE FGHJK", "ABCDEFGHJK"],
    ["ABCDE-FGHJ", null],
  ])("reads the recovery code %j as %j", (input, out) => expect(normalizeRecoveryCode(input)).toBe(out));

  it("shows a recovery code in two groups", () => expect(formatRecoveryCode("ABCDEFGHJK")).toBe("ABCDE-FGHJK"));
});

describe("roster names", () => {
  it.each([
    ["Ana", "ana"],
    ["  ANA  ", "ana"],
    ["Ana  María", "ana maría"],
    ["ＡＮＡ", "ana"],
  ])("folds %j to %j", (name, key) => expect(rosterNameKey(name)).toBe(key));

  it("follows the nickname rules when joining", () => {
    expect(joinClassInput.safeParse({ code: "abcdef", name: "  Ana  " }).data).toEqual({ code: "ABCDEF", name: "Ana" });
    expect(joinClassInput.safeParse({ code: "abcdef", name: "" }).error?.issues[0]?.message).toBe("nickname_empty");
    expect(joinClassInput.safeParse({ code: "abcdef", name: "x".repeat(40) }).error?.issues[0]?.message).toBe("nickname_too_long");
    expect(joinClassInput.safeParse({ code: "nope", name: "Ana" }).error?.issues[0]?.message).toBe("class_code_invalid");
    expect(recoverInput.safeParse({ recoveryCode: "abc" }).error?.issues[0]?.message).toBe("recovery_code_invalid");
  });

  it("takes a class name and an optional subject", () => {
    expect(classInput.parse({ name: " 7B ", subject: "" })).toEqual({ name: "7B" });
    expect(classInput.parse({ name: "7B", subject: "Maths" })).toEqual({ name: "7B", subject: "Maths" });
    expect(classInput.safeParse({ name: " " }).error?.issues[0]?.message).toBe("class_name_empty");
    expect(classInput.safeParse({ name: "x".repeat(81) }).error?.issues[0]?.message).toBe("class_name_too_long");
  });
});

describe("a browser's tokens", () => {
  it("adds a token last, once, and keeps the newest", () => {
    expect(addBrowserToken(["a", "b"], "a")).toEqual(["b", "a"]);
    const many = Array.from({ length: BROWSER_CLASSES_MAX }, (_, i) => `t${i}`);
    const next = addBrowserToken(many, "new");
    expect(next).toHaveLength(BROWSER_CLASSES_MAX);
    expect(next.at(-1)).toBe("new");
    expect(next).not.toContain("t0");
  });
});

describe("who the viewer is to a class", () => {
  const c = { ownerId: "t" };
  it.each([
    [{ userId: "t", admin: false }, false, "teacher"],
    [{ userId: "a", admin: true }, false, "teacher"],
    [{ userId: "s", admin: false }, true, "student"],
    [{ userId: null, admin: false }, true, "student"],
    [{ userId: "x", admin: false }, false, "none"],
    [{ userId: null, admin: false }, false, "none"],
  ] as const)("%j (student: %s) is %s", (viewer, student, role) => expect(classRole(c, viewer, student)).toBe(role));
});

describe("the gradebook", () => {
  const students = [
    { id: "s1", name: "Ana" },
    { id: "s2", name: "Ben" },
    { id: "s3", name: "Cy" },
  ];
  const assignments = [
    { id: "a1", title: "Capitals" },
    { id: "a2", title: "Rivers" },
  ];
  const at = (studentId: string, assignmentId: string, correctCount: number, questionCount: number, minute: number) => ({
    studentId,
    assignmentId,
    correctCount,
    questionCount,
    finishedAt: new Date(Date.UTC(2026, 0, 1, 10, minute)),
  });

  it("keeps the best and the latest percent, and not attempted", () => {
    const g = buildGradebook(students, assignments, [at("s1", "a1", 2, 4, 5), at("s1", "a1", 4, 4, 1), at("s2", "a2", 1, 3, 0), at("zz", "a1", 1, 1, 0)]);
    expect(g.cells).toEqual([
      [{ best: 100, latest: 50, attempts: 2 }, null],
      [null, { best: 33, latest: 33, attempts: 1 }],
      [null, null],
    ]);
    expect(g.averages).toEqual([100, 33, null]);
  });

  it.each([
    [{ correctCount: 0, questionCount: 0 }, 0],
    [{ correctCount: 2, questionCount: 3 }, 67],
    [{ correctCount: 3, questionCount: 3 }, 100],
  ])("%j scores %i percent", (a, pct) => expect(attemptPercent(a)).toBe(pct));

  it("ranks the class leaderboard by average best, ties sharing a rank", () => {
    const g = buildGradebook(students, assignments, [at("s1", "a1", 1, 2, 0), at("s2", "a1", 1, 2, 0), at("s3", "a1", 2, 2, 0)]);
    expect(classStandings(g, "s2")).toEqual([
      { rank: 1, name: "Cy", average: 100, isViewer: false },
      { rank: 2, name: "Ana", average: 50, isViewer: false },
      { rank: 2, name: "Ben", average: 50, isViewer: true },
    ]);
  });

  it("is one table for the CSV and the .xlsx", () => {
    const g = buildGradebook(students.slice(0, 1), assignments, [at("s1", "a2", 1, 2, 0)]);
    expect(gradebookTable(g)).toEqual({
      header: ["Student", "Average best %", "Capitals: best %", "Capitals: latest %", "Capitals: attempts", "Rivers: best %", "Rivers: latest %", "Rivers: attempts"],
      rows: [["Ana", 50, null, null, 0, 50, 50, 1]],
    });
  });

  it("names the files' columns in the labels given, a class game's with its day", () => {
    const es = { student: "Estudiante", average: "Media de mejores %", best: "{title}: mejor %", latest: "{title}: último %", attempts: "{title}: intentos", game: "{title} (en vivo, {date})" };
    const game = { id: "g1", title: "Ríos", kind: "game" as const, at: new Date("2026-11-27T10:00:00Z") };
    const g = buildGradebook(students.slice(0, 1), [assignments[0]!, game], [at("s1", "g1", 3, 4, 0)]);
    expect(gradebookTable(g, es).header).toEqual([
      "Estudiante",
      "Media de mejores %",
      "Capitals: mejor %",
      "Capitals: último %",
      "Capitals: intentos",
      "Ríos (en vivo, 2026-11-27): mejor %",
      "Ríos (en vivo, 2026-11-27): último %",
      "Ríos (en vivo, 2026-11-27): intentos",
    ]);
    expect(gradebookTable(g, es).rows).toEqual([["Ana", 75, null, null, 0, 75, 75, 1]]);
    expect(gradebookColumnTitle(game)).toBe("Ríos (live, 2026-11-27)");
  });
});
