import { randomBytes } from "node:crypto";
import { and, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIZ_STATUSES, QUIZ_VISIBILITIES, quizVisibleTo, type QuizViewer } from "@/core/quiz-visibility";
import type { DbHandle } from "../client";
import { quizzes } from "../schema";
import { testBackends } from "../test-databases";
import { visibleTo } from "./quizzes";
import { makeUser } from "./social.test-helpers";

/**
 * The SQL of `visibleTo` and the core rule `quizVisibleTo` agree: for generated quizzes (every
 * status and visibility, owned by a member or an admin) and every kind of viewer (the quiz's
 * owner, another member, an admin, a guest), the query returns exactly the quizzes the rule lets
 * that viewer see.
 */
describe.each(testBackends)("quiz visibility on $name", (backend) => {
  let handle: DbHandle;
  let members: { id: string }[];
  let admin: { id: string };
  beforeAll(async () => {
    handle = await backend.open();
    members = [await makeUser(handle.db), await makeUser(handle.db)];
    admin = await makeUser(handle.db, { role: "admin" });
  });
  afterAll(async () => handle?.close());

  it("SQL visibleTo returns what quizVisibleTo allows, for every viewer", async () => {
    const quiz = fc.record({
      owner: fc.constantFrom(0, 1, 2),
      status: fc.constantFrom(...QUIZ_STATUSES),
      visibility: fc.constantFrom(...QUIZ_VISIBILITIES),
    });
    const viewerKind = fc.constantFrom("member 0", "member 1", "admin", "guest");
    await fc.assert(
      fc.asyncProperty(fc.array(quiz, { minLength: 1, maxLength: 6 }), viewerKind, async (generated, kind) => {
        const users = [...members, admin];
        const rows = generated.map((q) => {
          const slug = `vis-${randomBytes(6).toString("hex")}`;
          return { slug, title: slug, category: "science", ownerId: users[q.owner]!.id, status: q.status, visibility: q.visibility };
        });
        const inserted = await handle.db.insert(quizzes).values(rows).returning({ id: quizzes.id, ownerId: quizzes.ownerId, status: quizzes.status, visibility: quizzes.visibility });
        const viewer: QuizViewer =
          kind === "guest" ? null : kind === "admin" ? { userId: admin.id, admin: true } : { userId: members[Number(kind.slice(-1))]!.id, admin: false };
        const seen = await handle.db
          .select({ id: quizzes.id })
          .from(quizzes)
          .where(and(inArray(quizzes.id, inserted.map((q) => q.id)), visibleTo(viewer)));
        const expected = inserted.filter((q) => quizVisibleTo(viewer, q)).map((q) => q.id);
        expect(seen.map((r) => r.id).sort()).toEqual(expected.sort());
      }),
      { numRuns: 40 },
    );
  });
});
