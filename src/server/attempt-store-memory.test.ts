import { randomUUID } from "node:crypto";
import { attemptStoreContractSuite } from "@/test/attempt-store-contract";
import { MemoryAttemptStore } from "./attempt-store-memory";

attemptStoreContractSuite("memory", async () => {
  const store = new MemoryAttemptStore();
  return {
    store,
    member: async () => `u-${randomUUID()}`,
    quiz: async ({ ownerId, questions, status = "published", visibility = "public" }) => {
      const id = randomUUID();
      const slug = `quiz-${id.slice(0, 8)}`;
      store.addQuiz({
        id,
        slug,
        title: `Quiz ${slug}`,
        language: "en",
        speedBonus: true,
        streakBonus: true,
        timeLimit: 20,
        ownerId,
        status,
        visibility,
        questions: Array.from({ length: questions }, (_, i) => ({
          id: randomUUID(),
          type: "boolean" as const,
          prompt: `Statement ${i + 1} is true`,
          points: 1000,
          timeLimit: null,
          imageUrl: null,
          imageAlt: null,
          hint: null,
          explanation: "",
          data: { type: "boolean" as const, correct: true },
        })),
      });
      return { id, slug };
    },
    plays: async (quizId) => store.playCount(quizId),
    close: async () => {},
  };
});
