import { describe } from "vitest";
import { makeQuiz, makeUser, quizRow } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { attemptStoreContractSuite } from "@/test/attempt-store-contract";
import { DrizzleAttemptStore } from "./attempt-store-drizzle";

// The database store on every test backend: PGlite, and PostgreSQL with TEST_DATABASE_URL.
describe.each(testBackends)("$name", (backend) => {
  attemptStoreContractSuite(`drizzle on ${backend.name}`, async () => {
    const handle = await backend.open();
    return {
      store: new DrizzleAttemptStore(async () => handle.db),
      member: async () => (await makeUser(handle.db)).id,
      quiz: (opts) => makeQuiz(handle.db, opts.ownerId, opts),
      plays: async (quizId) => (await quizRow(handle.db, quizId)).playCount,
      close: () => handle.close(),
    };
  });
});
