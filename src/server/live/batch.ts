import type { AnswerWrite } from "@/core/live/stored";

/** The writes of one group commit of a live game (live-game.ts), and who waits for them. */
export type Batch = {
  answers: AnswerWrite[];
  playerIds: Set<string>;
  game: boolean;
  done: Promise<void>;
  resolve: () => void;
  /** Never stored (the lease was lost): what waited for it is not acknowledged. */
  reject: (err: Error) => void;
};

export function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody waits for may be refused too; whoever waits still sees the rejection.
  done.catch(() => {});
  return { answers: [], playerIds: new Set(), game: false, done, resolve, reject };
}
