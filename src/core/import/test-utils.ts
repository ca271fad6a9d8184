import type { ImportProblem } from "./common";

/** Problems as line, English reason and skipped: what the tests of each format's wording compare (the codes have their own table test in problems.test.ts). */
export const plain = (problems: ImportProblem[]) => problems.map(({ line, reason, skipped }) => (skipped ? { line, reason, skipped } : { line, reason }));
