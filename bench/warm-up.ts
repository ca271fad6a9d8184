/**
 * Messages for warming the load generator's JIT up: the `game:state` broadcasts of a made-up
 * game with one question of each type, built by the engine itself (src/core/live/engine.ts), so
 * they have the server's exact shapes and key order.
 *
 * Why: one generator process decodes the messages of 2,000 phones in a row. The first time it
 * sees a question's shapes, V8 runs its decoding and handlers unoptimised and re-optimises them,
 * which in one process adds up to tens of milliseconds on the first question's broadcast; a
 * single phone decodes one message and has no such queue. Only the generator is warmed: none of
 * this goes to the server.
 */
import { apply, createGame, playerShared, type GameState, type LiveQuestion } from "../src/core/live/engine";

const QUESTIONS: LiveQuestion[] = [
  {
    id: "w-single",
    prompt: "A warm-up question with one right answer?",
    data: { type: "single", options: [{ id: "a", text: "First" }, { id: "b", text: "Second" }, { id: "c", text: "Third" }, { id: "d", text: "Fourth" }], correct: "a" },
    timeLimitSeconds: 20,
    points: 1000,
    explanation: "",
  },
  {
    id: "w-multiple",
    prompt: "A warm-up question with several right answers?",
    data: { type: "multiple", options: [{ id: "a", text: "First" }, { id: "b", text: "Second" }, { id: "c", text: "Third" }], correct: ["a", "b"] },
    timeLimitSeconds: 20,
    points: 1000,
    explanation: "",
  },
  { id: "w-boolean", prompt: "A warm-up statement.", data: { type: "boolean", correct: true }, timeLimitSeconds: 20, points: 1000, explanation: "" },
  { id: "w-text", prompt: "A warm-up word?", data: { type: "text", accepted: ["word"] }, timeLimitSeconds: 20, points: 1000, explanation: "" },
  {
    id: "w-order",
    prompt: "Warm-up items in order.",
    data: { type: "order", items: [{ id: "a", text: "One" }, { id: "b", text: "Two" }, { id: "c", text: "Three" }] },
    timeLimitSeconds: 20,
    points: 1000,
    explanation: "",
  },
  {
    id: "w-number",
    prompt: "A warm-up number?",
    data: { type: "number", min: 0, max: 100, answer: 50, tolerance: 1 },
    timeLimitSeconds: 20,
    points: 1000,
    explanation: "",
    imageUrl: "https://example.org/warm-up.png",
  },
];

/** Socket.IO text packets ("42[…]") of every question's reading and answering stage. */
export function warmUpPackets(): string[] {
  let t = Date.now();
  const created = createGame({ id: "warm-up", pin: "100000", seed: "warm-up-seed", quizTitle: "Warm-up", questions: QUESTIONS, settings: { readingDelaySeconds: 1 } }, t);
  if (!created.ok) throw new Error(created.error.message);
  let s: GameState = created.value;
  const step = (command: Parameters<typeof apply>[1], after: number) => {
    t += after;
    const out = apply(s, command, t);
    if (!out.ok) throw new Error(`warm-up: ${out.error.message}`);
    s = out.state;
  };
  const packets: string[] = [];
  const push = () => packets.push(`42${JSON.stringify(["game:state", playerShared(s, t)])}`);
  step({ type: "join", playerId: "p", nickname: "Warm" }, 10);
  step({ type: "start" }, 10);
  for (let i = 0; i < QUESTIONS.length; i++) {
    if (i > 0) {
      step({ type: "next" }, 10); // scoreboard
      push();
      step({ type: "next" }, 10); // the next question
    }
    push(); // reading
    step({ type: "tick" }, 1001);
    push(); // answering
    step({ type: "skip" }, 10);
  }
  return packets;
}
