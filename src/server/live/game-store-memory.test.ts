import { randomUUID } from "node:crypto";
import { gameStoreContractSuite } from "@/test/game-store-contract";
import { MemoryGameStore } from "./game-store-memory";

gameStoreContractSuite("memory", async () => ({
  store: new MemoryGameStore(),
  owner: async () => ({ hostId: `u-${randomUUID()}`, quizId: randomUUID() }),
  close: async () => {},
}));
