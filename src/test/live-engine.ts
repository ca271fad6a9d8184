import { expect } from "vitest";
import { apply, type Command, createGame, type Effect, type GameState, hostView, LIVE_ANSWER_GRACE_MS, type LiveQuestion, type Outcome, playerPersonal, playerShared, playerView, playerViews } from "@/core/live/engine";
import { type HostView, hostViewSchema, type LiveErrorCode, type LiveSettings, type Phase, type PlayerPersonal, playerPersonalSchema, playerSharedSchema, type PlayerView, playerViewSchema } from "@/core/live/protocol";
import { composePlayerView, personalDiffers, personalOfView, sharedOfView } from "@/core/live/views";

/**
 * Tests only: the live engine's fixtures (one question of each type, with answer keys easy to
 * search for) and a harness playing the server's side, with a clock, checking every view against
 * the protocol on each step. Used by the engine's tests in src/core/live.
 */

// ——— fixtures: one question of each type, with answer keys easy to search for ———

export const T0 = 1_700_000_000_000;
export const SEED = "s3cret-seed";

export const SINGLE: LiveQuestion = {
  id: "q-single",
  prompt: "Capital of Norway?",
  data: {
    type: "single",
    options: [
      { id: "opt-bergen", text: "Bergen" },
      { id: "opt-oslo", text: "Oslo" },
      { id: "opt-tromso", text: "Tromsø" },
    ],
    correct: "opt-oslo",
  },
  timeLimitSeconds: 20,
  points: 1000,
  explanation: "EXPLAIN-SINGLE: Oslo since 1814.",
};
export const MULTIPLE: LiveQuestion = {
  id: "q-multiple",
  prompt: "Which are prime?",
  data: {
    type: "multiple",
    options: [
      { id: "m-two", text: "2" },
      { id: "m-three", text: "3" },
      { id: "m-four", text: "4" },
      { id: "m-five", text: "5" },
    ],
    correct: ["m-two", "m-three", "m-five"],
  },
  timeLimitSeconds: 20,
  points: 2000,
  explanation: "EXPLAIN-MULTIPLE: 4 = 2 × 2.",
};
export const BOOLEAN: LiveQuestion = {
  id: "q-boolean",
  prompt: "The sun goes round the earth.",
  data: { type: "boolean", correct: false },
  timeLimitSeconds: 10,
  points: 1000,
  explanation: "EXPLAIN-BOOLEAN: it is the other way round.",
};
export const TEXT: LiveQuestion = {
  id: "q-text",
  prompt: "Name the mineral from the island off Tanzania.",
  data: { type: "text", accepted: ["Zanzibarite", "Zanzibarita"] },
  timeLimitSeconds: 30,
  points: 1000,
  explanation: "EXPLAIN-TEXT: made up for this test.",
};
export const ORDER: LiveQuestion = {
  id: "q-order",
  prompt: "Order from the sun outwards.",
  data: {
    type: "order",
    items: [
      { id: "o-mercury", text: "Mercury" },
      { id: "o-venus", text: "Venus" },
      { id: "o-earth", text: "Earth" },
      { id: "o-mars", text: "Mars" },
    ],
  },
  timeLimitSeconds: 20,
  points: 1000,
  explanation: "EXPLAIN-ORDER: by distance.",
};
export const NUMBER: LiveQuestion = {
  id: "q-number",
  prompt: "How high is Everest, in metres?",
  data: { type: "number", min: 0, max: 12000, answer: 8848.86, tolerance: 50, unit: "m" },
  timeLimitSeconds: 20,
  points: 2000,
  explanation: "EXPLAIN-NUMBER: 2020 survey.",
  imageUrl: "https://example.org/everest.jpg",
  imageAlt: "Everest's summit above the clouds",
};
export const ALL_TYPES = [SINGLE, MULTIPLE, BOOLEAN, TEXT, ORDER, NUMBER];

// ——— a harness: the server's side, with a clock, checking every view against the protocol ———

type Snapshot = { phase: Phase; index: number; stage: string | null; host: HostView; players: Record<string, PlayerView | null> };

export class Harness {
  s: GameState;
  t = T0;
  last: Outcome | null = null;
  snapshots: Snapshot[] = [];
  personals = new Map<string, PlayerPersonal>();

  constructor(questions: LiveQuestion[] = ALL_TYPES, settings: Partial<LiveSettings> = {}) {
    const created = createGame({ id: "game-1", pin: "123456", seed: SEED, quizTitle: "Mixed bag", questions, settings }, T0);
    if (!created.ok) throw new Error(created.error.message);
    this.s = created.value;
  }

  run(cmd: Command): Outcome {
    const out = apply(this.s, cmd, this.t);
    this.s = out.state;
    this.last = out;
    // Each player's view made alone (the server's path after one answer, before anything else
    // indexed this state) must equal the same view made in a broadcast of all of them.
    const ids = this.s.players.map((p) => p.id);
    const alone = ids.map((id) => playerView(this.s, id, this.t));
    const host = hostViewSchema.parse(hostView(this.s, this.t));
    const together = playerViews(this.s, ids, this.t);
    const players: Record<string, PlayerView | null> = {};
    const common = playerSharedSchema.parse(playerShared(this.s, this.t));
    ids.forEach((id, i) => {
      const v = alone[i] ?? null;
      expect(v).toEqual(together.get(id) ?? null);
      players[id] = v === null ? null : playerViewSchema.parse(v);
      if (v === null) return;
      // The two parts a broadcast sends compose to the view, and a phone that got the whole view
      // holds exactly the personal part the server would send.
      const personal = playerPersonalSchema.parse(playerPersonal(this.s, id));
      expect(composePlayerView(common, personal)).toEqual(v);
      expect(sharedOfView(v)).toEqual(common);
      expect(personalOfView(v)).toEqual(personal);
      // What a phone holds from the previous state, composed with this state's shared part, is this
      // state's view unless the server would send it a player:me.
      const held = this.personals.get(id);
      if (held && !personalDiffers(held, personal, common)) expect(composePlayerView(common, held)).toEqual(v);
      this.personals.set(id, personal);
    });
    this.snapshots.push({ phase: this.s.phase, index: this.s.index, stage: this.s.stage, host, players });
    return out;
  }

  ok(cmd: Command): Extract<Outcome, { ok: true }> {
    const out = this.run(cmd);
    if (!out.ok) throw new Error(`${cmd.type} failed: ${out.error.code} (${out.error.message})`);
    return out;
  }

  fail(cmd: Command, code: LiveErrorCode): Extract<Outcome, { ok: false }> {
    const out = this.run(cmd);
    expect(out.ok ? "ok" : out.error.code).toBe(code);
    if (out.ok) throw new Error("unreachable");
    return out;
  }

  at(t: number): this {
    expect(t).toBeGreaterThanOrEqual(this.t);
    this.t = t;
    return this;
  }

  wait(ms: number): Outcome {
    this.t += ms;
    return this.run({ type: "tick" });
  }

  join(playerId: string, nickname?: string) {
    return this.ok({ type: "join", playerId, nickname });
  }

  /** Answers the current question `ms` after the answers opened. */
  answer(playerId: string, ms: number, answer: unknown, clientId = `${playerId}-${this.s.index}`): Outcome {
    this.at((this.s.answersOpenAt ?? this.t) + ms);
    return this.run({ type: "answer", playerId, questionIndex: this.s.index, answer, clientId });
  }

  /** Lets the reading delay pass. */
  open(): void {
    if (this.s.answersOpenAt !== null && this.t < this.s.answersOpenAt) this.at(this.s.answersOpenAt);
    this.ok({ type: "tick" });
    expect(this.s.stage).toBe("answering");
  }

  /** Lets the time run out (deadline plus grace). */
  timeUp(): void {
    this.at((this.s.closesAt ?? this.t) + LIVE_ANSWER_GRACE_MS);
    this.ok({ type: "tick" });
  }

  player(id: string) {
    const p = this.s.players.find((x) => x.id === id);
    if (!p) throw new Error(`no player ${id}`);
    return p;
  }

  /** The recorded answer of a player to question i. */
  rec(i: number, playerId: string) {
    return this.s.answers[i]?.find((a) => a.playerId === playerId);
  }

  view(id: string): PlayerView {
    const v = playerView(this.s, id, this.t);
    if (!v) throw new Error(`no view for ${id}`);
    return v;
  }

  host(): HostView {
    return hostView(this.s, this.t);
  }
}

/** A lobby with these players (nicknamed "Nick <id>"); the settings are applied after they joined. */
export function lobbyWith(ids: string[], questions: LiveQuestion[] = ALL_TYPES, settings: Partial<LiveSettings> = {}) {
  const h = new Harness(questions);
  for (const id of ids) h.join(id, `Nick ${id}`);
  if (Object.keys(settings).length > 0) h.ok({ type: "settings", patch: settings });
  return h;
}

/** A game brought to a phase with one player ("a") and, for the later phases, a one-question quiz. */
export function gameIn(phase: Phase | "answering"): Harness {
  const short = phase === "podium" || phase === "finished";
  const h = lobbyWith(["a"], short ? [SINGLE] : [SINGLE, BOOLEAN]);
  if (phase === "lobby") return h;
  if (phase === "cancelled") {
    h.ok({ type: "end" });
    return h;
  }
  h.ok({ type: "start" });
  if (phase === "question") return h;
  h.open();
  if (phase === "answering") return h;
  h.ok({ type: "skip" });
  if (phase === "reveal") return h;
  h.ok({ type: "next" });
  if (phase === "scoreboard") return h;
  h.ok({ type: "next" });
  if (phase === "podium") return h;
  h.ok({ type: "next" });
  return h;
}

export const kinds = (effects: Effect[]) => effects.map((e) => e.kind);

// ——— creating ———

// ——— a whole game ———

/** Three players through all six types; returns the harness at the podium. */
export function playWholeGame(questions: LiveQuestion[] = ALL_TYPES): Harness {
  const h = new Harness(questions);
  h.join("ada", "Ada");
  h.join("bob", "Bob");
  h.join("cy", "Cy");
  h.ok({ type: "start" });

  // Q0 single (20 s, 1000)
  h.open();
  h.answer("ada", 400, "opt-oslo"); // full points under 0.5 s
  h.answer("bob", 3000, "opt-bergen");
  h.answer("cy", 10_000, "opt-oslo"); // everyone answered: reveal
  expect(h.s.phase).toBe("reveal");
  h.ok({ type: "next" });
  h.ok({ type: "next" });

  // Q1 multiple (20 s, 2000)
  h.open();
  h.answer("bob", 2000, ["m-two", "m-three"]); // two of three: 2/3 of the points, streak broken
  h.answer("ada", 5000, ["m-five", "m-two", "m-three"]);
  h.answer("cy", 6000, ["m-two", "m-four"]); // a wrong pick: nothing
  h.ok({ type: "next" });
  h.ok({ type: "next" });

  // Q2 boolean (10 s, 1000): Cy does not answer
  h.open();
  h.answer("ada", 1000, false);
  h.answer("bob", 5000, false);
  expect(h.s.phase).toBe("question");
  h.timeUp();
  h.ok({ type: "next" });
  h.ok({ type: "next" });

  // Q3 text (30 s, 1000)
  h.open();
  h.answer("cy", 3000, "ZANZIBARITA");
  h.answer("ada", 6000, "  zanzibarité ");
  h.answer("bob", 7000, "Zanzibar");
  h.ok({ type: "next" });
  h.ok({ type: "next" });

  // Q4 order (20 s, 1000)
  h.open();
  h.answer("cy", 2000, ["o-mercury", "o-venus", "o-earth", "o-mars"]);
  h.answer("ada", 4000, ["o-venus", "o-mercury", "o-earth", "o-mars"]);
  h.answer("bob", 8000, ["o-mercury", "o-venus", "o-earth", "o-mars"]);
  h.ok({ type: "next" });
  h.ok({ type: "next" });

  // Q5 number (20 s, 2000, 8848.86 ± 50)
  h.open();
  h.answer("bob", 1000, 9000);
  h.answer("ada", 10_000, 8800);
  h.answer("cy", 20_000, 8848.86); // at the deadline: half points
  expect(h.s.phase).toBe("reveal");
  return h;
}
