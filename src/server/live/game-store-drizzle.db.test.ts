import { describe } from "vitest";
import { makeQuiz, makeUser } from "@/db/queries/social.test-helpers";
import { testBackends } from "@/db/test-databases";
import { gameStoreContractSuite } from "@/test/game-store-contract";
import { DrizzleGameStore } from "./game-store-drizzle";

// The database store on every test backend: PGlite, and PostgreSQL with TEST_DATABASE_URL.
describe.each(testBackends)("$name", (backend) => {
  gameStoreContractSuite(`drizzle on ${backend.name}`, async () => {
    const handle = await backend.open();
    return {
      store: new DrizzleGameStore(async () => handle.db),
      owner: async () => {
        const host = await makeUser(handle.db);
        const quiz = await makeQuiz(handle.db, host.id, { questions: 1 });
        return { hostId: host.id, quizId: quiz.id };
      },
      close: () => handle.close(),
    };
  });
});
