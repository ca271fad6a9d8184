import { describe, expect, it } from "vitest";
import { toPublicData, type QuestionData } from "../question";
import {
  LIVE_ANSWER_GRACE_MS,
  apply,
  DROP_GRACE_MS,
  createGame,
  hostView,
  nextTickAt,
  playerPersonal,
  playerShared,
  playerView,
  playerViews,
  recomputeFromAnswers,
  report,
  reportToCsv,
  restoreGame,
  serializeGame,
  type Command,
  type Effect,
  type GameState,
  type LiveQuestion,
  type Outcome,
} from "./engine";
import {
  hostViewSchema,
  LOBBY_IDLE_MS,
  playerPersonalSchema,
  playerSharedSchema,
  playerViewSchema,
  type PlayerPersonal,
  type PlayerShared,
  reportSchema,
  type HostView,
  type LiveErrorCode,
  type LiveSettings,
  type Phase,
  type PlayerView,
} from "./protocol";
import { composePlayerView, personalDiffers, personalOfView, sharedOfView } from "./views";

// ——— fixtures: one question of each type, with answer keys easy to search for ———

const T0 = 1_700_000_000_000;
const SEED = "s3cret-seed";

const SINGLE: LiveQuestion = {
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
const MULTIPLE: LiveQuestion = {
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
const BOOLEAN: LiveQuestion = {
  id: "q-boolean",
  prompt: "The sun goes round the earth.",
  data: { type: "boolean", correct: false },
  timeLimitSeconds: 10,
  points: 1000,
  explanation: "EXPLAIN-BOOLEAN: it is the other way round.",
};
const TEXT: LiveQuestion = {
  id: "q-text",
  prompt: "Name the mineral from the island off Tanzania.",
  data: { type: "text", accepted: ["Zanzibarite", "Zanzibarita"] },
  timeLimitSeconds: 30,
  points: 1000,
  explanation: "EXPLAIN-TEXT: made up for this test.",
};
const ORDER: LiveQuestion = {
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
const NUMBER: LiveQuestion = {
  id: "q-number",
  prompt: "How high is Everest, in metres?",
  data: { type: "number", min: 0, max: 12000, answer: 8848.86, tolerance: 50, unit: "m" },
  timeLimitSeconds: 20,
  points: 2000,
  explanation: "EXPLAIN-NUMBER: 2020 survey.",
  imageUrl: "https://example.org/everest.jpg",
  imageAlt: "Everest's summit above the clouds",
};
const ALL_TYPES = [SINGLE, MULTIPLE, BOOLEAN, TEXT, ORDER, NUMBER];

// ——— a harness: the server's side, with a clock, checking every view against the protocol ———

type Snapshot = { phase: Phase; index: number; stage: string | null; host: HostView; players: Record<string, PlayerView | null> };

class Harness {
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
function lobbyWith(ids: string[], questions: LiveQuestion[] = ALL_TYPES, settings: Partial<LiveSettings> = {}) {
  const h = new Harness(questions);
  for (const id of ids) h.join(id, `Nick ${id}`);
  if (Object.keys(settings).length > 0) h.ok({ type: "settings", patch: settings });
  return h;
}

/** A game brought to a phase with one player ("a") and, for the later phases, a one-question quiz. */
function gameIn(phase: Phase | "answering"): Harness {
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

const kinds = (effects: Effect[]) => effects.map((e) => e.kind);

// ——— creating ———

describe("createGame", () => {
  it("starts in the lobby with the defaults of docs/rules.md §9", () => {
    const h = new Harness();
    expect(h.s.phase).toBe("lobby");
    expect(h.s.index).toBe(-1);
    expect(h.s.settings).toEqual({
      locked: false,
      generatedNicknamesOnly: false,
      maxPlayers: 2000,
      speedBonus: true,
      streakBonus: true,
      readingDelaySeconds: 3,
    });
    expect(h.s.answers).toHaveLength(6);
    expect(nextTickAt(h.s)).toBe(T0 + LOBBY_IDLE_MS);
  });

  it.each([
    ["no questions", { questions: [] }],
    ["a reading delay over 10 s", { settings: { readingDelaySeconds: 11 } }],
    ["no players allowed", { settings: { maxPlayers: 0 } }],
  ])("refuses %s", (_name, change) => {
    const r = createGame({ id: "g", pin: "123456", seed: SEED, quizTitle: "x", questions: ALL_TYPES, ...change }, T0);
    expect(r.ok ? "ok" : r.error.code).toBe("validation_failed");
  });
});

// ——— transitions ———

describe("transitions", () => {
  it.each<[Phase | "answering", Command, Phase, number]>([
    ["lobby", { type: "start" }, "question", 0],
    ["lobby", { type: "end" }, "cancelled", -1],
    ["question", { type: "skip" }, "reveal", 0],
    ["question", { type: "end" }, "cancelled", 0],
    ["answering", { type: "skip" }, "reveal", 0],
    ["answering", { type: "pause" }, "question", 0],
    ["reveal", { type: "next" }, "scoreboard", 0],
    ["reveal", { type: "end" }, "cancelled", 0],
    ["scoreboard", { type: "next" }, "question", 1],
    ["scoreboard", { type: "end" }, "cancelled", 0],
    ["podium", { type: "next" }, "finished", 0],
    ["podium", { type: "finish" }, "finished", 0],
    ["podium", { type: "end" }, "cancelled", 0],
  ])("%s + %j → %s (question %i)", (from, cmd, to, index) => {
    const h = gameIn(from);
    h.ok(cmd);
    expect(h.s.phase).toBe(to);
    expect(h.s.index).toBe(index);
  });

  it("goes from the last scoreboard to the podium", () => {
    const h = lobbyWith(["a"], [SINGLE]);
    h.ok({ type: "start" });
    h.ok({ type: "skip" });
    h.ok({ type: "next" });
    expect(h.s.phase).toBe("scoreboard");
    h.ok({ type: "next" });
    expect(h.s.phase).toBe("podium");
  });

  it.each<[Phase | "answering", Command]>([
    ["lobby", { type: "next" }],
    ["lobby", { type: "skip" }],
    ["lobby", { type: "pause" }],
    ["lobby", { type: "resume" }],
    ["lobby", { type: "finish" }],
    ["question", { type: "start" }],
    ["question", { type: "next" }],
    ["question", { type: "resume" }],
    ["question", { type: "finish" }],
    ["answering", { type: "next" }],
    ["reveal", { type: "start" }],
    ["reveal", { type: "skip" }],
    ["reveal", { type: "pause" }],
    ["reveal", { type: "finish" }],
    ["scoreboard", { type: "skip" }],
    ["scoreboard", { type: "pause" }],
    ["scoreboard", { type: "finish" }],
    ["podium", { type: "start" }],
    ["podium", { type: "skip" }],
    ["podium", { type: "join", playerId: "late", nickname: "Late" }],
    ["finished", { type: "next" }],
    ["finished", { type: "end" }],
    ["finished", { type: "start" }],
    ["finished", { type: "kick", playerId: "a" }],
    ["finished", { type: "settings", patch: { locked: true } }],
    ["finished", { type: "join", playerId: "late", nickname: "Late" }],
    ["cancelled", { type: "start" }],
    ["cancelled", { type: "next" }],
    ["cancelled", { type: "end" }],
    ["cancelled", { type: "lock" }],
    ["cancelled", { type: "reroll", playerId: "a" }],
  ])("%s refuses %j with invalid_state, changing nothing", (from, cmd) => {
    const h = gameIn(from);
    const before = h.s;
    const out = h.fail(cmd, "invalid_state");
    expect(out.state).toBe(before);
    expect(out.effects).toEqual([]);
  });

  it("touch (the host attaching) is fine in any phase and changes nothing after the end", () => {
    const h = gameIn("finished");
    const before = h.s;
    const out = h.ok({ type: "touch" });
    expect(out.state).toBe(before);
    expect(out.effects).toEqual([]);
  });

  it("will not start without a player", () => {
    new Harness().fail({ type: "start" }, "invalid_state");
  });

  it("refuses a second pause", () => {
    const h = gameIn("answering");
    h.ok({ type: "pause" });
    h.fail({ type: "pause" }, "invalid_state");
  });

  it("opens answers after the reading delay, or at once with a delay of 0", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    expect(h.s.stage).toBe("reading");
    expect(h.s.answersOpenAt).toBe(T0 + 3000);
    expect(h.s.closesAt).toBe(T0 + 3000 + 20_000);
    expect(nextTickAt(h.s)).toBe(T0 + 3000);
    h.wait(2999);
    expect(h.s.stage).toBe("reading");
    const opened = h.wait(1);
    expect(h.s.stage).toBe("answering");
    expect(kinds(opened.effects)).toEqual(["sendHost", "sendPlayers"]);
    expect(nextTickAt(h.s)).toBe(T0 + 23_000 + LIVE_ANSWER_GRACE_MS);

    const quick = lobbyWith(["a"], ALL_TYPES, { readingDelaySeconds: 0 });
    quick.ok({ type: "start" });
    expect(quick.s.stage).toBe("answering");
    expect(quick.s.answersOpenAt).toBe(T0);
  });

  it("reveals when the time is up (deadline plus grace), on the server's tick", () => {
    const h = gameIn("answering");
    h.at(h.s.closesAt! + LIVE_ANSWER_GRACE_MS - 1).ok({ type: "tick" });
    expect(h.s.phase).toBe("question");
    const out = h.wait(1);
    expect(h.s.phase).toBe("reveal");
    expect(kinds(out.effects)).toEqual(["persistPlayers", "persistGame", "sendHost", "sendPlayers"]);
    expect(nextTickAt(h.s)).toBeNull();
  });

  it("a tick with nothing due changes nothing and sends nothing", () => {
    const h = gameIn("reveal");
    const out = h.ok({ type: "tick" });
    expect(out.effects).toEqual([]);
    expect(out.state.lastActivityAt).toBe(gameIn("reveal").s.lastActivityAt);
  });

  it("expires a lobby idle for 2 hours; any activity restarts the wait", () => {
    const h = lobbyWith(["a"]);
    h.at(T0 + 60 * 60 * 1000).ok({ type: "touch" });
    h.at(T0 + LOBBY_IDLE_MS).ok({ type: "tick" });
    expect(h.s.phase).toBe("lobby");
    expect(nextTickAt(h.s)).toBe(T0 + 60 * 60 * 1000 + LOBBY_IDLE_MS);
    h.at(T0 + 60 * 60 * 1000 + LOBBY_IDLE_MS).ok({ type: "tick" });
    expect(h.s.phase).toBe("cancelled");
    expect(h.s.endReason).toBe("expired");
    expect(nextTickAt(h.s)).toBeNull();
    expect(h.view("a").endReason).toBe("expired");
  });

  it("a command arriving after the expiry finds the game cancelled", () => {
    const h = lobbyWith(["a"]);
    const out = h.at(T0 + LOBBY_IDLE_MS + 5).fail({ type: "join", playerId: "b", nickname: "Bee" }, "invalid_state");
    expect(out.state.phase).toBe("cancelled");
    expect(kinds(out.effects)).toContain("persistGame");
  });

  it("never expires a started game", () => {
    const h = gameIn("scoreboard");
    h.wait(LOBBY_IDLE_MS * 3);
    expect(h.s.phase).toBe("scoreboard");
  });
});

// ——— joining ———

describe("join", () => {
  it("adds a connected player and tells the host and that player", () => {
    const h = new Harness();
    const out = h.ok({ type: "join", playerId: "a", nickname: "  Ada   Lovelace " });
    expect(out.reply).toEqual({ kind: "joined", playerId: "a", nickname: "Ada Lovelace", rerollsLeft: 0 });
    expect(kinds(out.effects)).toEqual(["persistPlayers", "sendHost", "sendPlayer"]);
    expect(h.player("a")).toMatchObject({ connected: true, kicked: false, score: 0, rank: 1, firstQuestion: 0 });
    expect(h.host().players).toEqual([{ playerId: "a", nickname: "Ada Lovelace", connected: true, score: 0, rank: 1 }]);
  });

  it.each<[string, Partial<LiveSettings>, string | undefined, LiveErrorCode]>([
    ["a locked game", { locked: true }, "Zed", "game_locked"],
    ["a full game", { maxPlayers: 2 }, "Zed", "game_full"],
    ["a name taken in other case", {}, "NICK A", "nickname_taken"],
    ["a name taken with other spacing", {}, " nick   a ", "nickname_taken"],
    ["profanity", {}, "sh1t head", "nickname_rejected"],
    ["an empty name", {}, "   ", "nickname_rejected"],
    ["a name over 20 characters", {}, "x".repeat(21), "nickname_rejected"],
    ["a control character", {}, "Ze\u0007d", "nickname_rejected"],
  ])("refuses %s", (_name, settings, nickname, code) => {
    const h = lobbyWith(["a", "b"], ALL_TYPES, settings);
    h.fail({ type: "join", playerId: "z", nickname }, code);
    expect(h.s.players.map((p) => p.id)).toEqual(["a", "b"]);
  });

  it("says game_locked before game_full, and full counts only players not kicked", () => {
    const h = lobbyWith(["a", "b"], ALL_TYPES, { maxPlayers: 2, locked: true });
    h.fail({ type: "join", playerId: "z", nickname: "Zed" }, "game_locked");
    h.ok({ type: "unlock" });
    h.fail({ type: "join", playerId: "z", nickname: "Zed" }, "game_full");
    h.ok({ type: "kick", playerId: "b" });
    h.join("z", "Zed");
  });

  it("ranks lobby joins in join order, a kick closing the gap (the lobby skips the re-sort)", () => {
    const h = lobbyWith(["a", "b", "c"]);
    h.ok({ type: "kick", playerId: "b" });
    h.join("d", "Dee");
    expect(h.s.players.map((p) => [p.id, p.rank])).toEqual([
      ["a", 1],
      ["b", null],
      ["c", 2],
      ["d", 3],
    ]);
    expect(h.host().players.map((p) => p.rank)).toEqual([1, 2, 3]);
  });

  it("refuses the same player id twice", () => {
    const h = lobbyWith(["a"]);
    h.fail({ type: "join", playerId: "a", nickname: "Other" }, "invalid_state");
  });

  it("lock and unlock only stop new joins, never a returning player", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "lock" });
    expect(h.s.settings.locked).toBe(true);
    h.ok({ type: "disconnect", playerId: "a" });
    h.ok({ type: "reconnect", playerId: "a" });
    expect(h.player("a").connected).toBe(true);
    h.ok({ type: "unlock" });
    expect(h.host().settings.locked).toBe(false);
  });
});

describe("generated nicknames", () => {
  it("gives a generated name when none is typed or the game takes generated names only", () => {
    const h = new Harness(ALL_TYPES, { generatedNicknamesOnly: true });
    const a = h.ok({ type: "join", playerId: "a", nickname: "Ada" });
    expect(a.reply).toMatchObject({ kind: "joined", rerollsLeft: 3 });
    const name = h.player("a").nickname;
    expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(name).not.toBe("Ada");
    // Deterministic: the same seed and player id give the same name.
    const again = new Harness(ALL_TYPES, { generatedNicknamesOnly: true });
    again.join("a");
    expect(again.player("a").nickname).toBe(name);

    const free = new Harness();
    free.join("b");
    expect(free.player("b")).toMatchObject({ generated: true, rerollsLeft: 3 });
  });

  it("allows three re-rolls, each a new free name, then no more", () => {
    const h = new Harness(ALL_TYPES, { generatedNicknamesOnly: true });
    h.join("a");
    const seen = [h.player("a").nickname];
    for (let left = 2; left >= 0; left--) {
      const out = h.ok({ type: "reroll", playerId: "a" });
      expect(out.reply).toEqual({ kind: "nickname", nickname: h.player("a").nickname, rerollsLeft: left });
      expect(seen).not.toContain(h.player("a").nickname);
      seen.push(h.player("a").nickname);
    }
    expect(h.view("a").me.rerollsLeft).toBe(0);
    h.fail({ type: "reroll", playerId: "a" }, "invalid_state");
  });

  it("never generates a name someone has", () => {
    // Straight through the engine: the harness's per-command checks of every view are O(players²).
    const h = new Harness(ALL_TYPES, { generatedNicknamesOnly: true });
    let s = h.s;
    for (let i = 0; i < 300; i++) {
      const out = apply(s, { type: "join", playerId: `p${i}` }, T0);
      expect(out.ok).toBe(true);
      s = out.state;
    }
    const names = s.players.map((p) => p.nickname.toLowerCase());
    expect(new Set(names).size).toBe(300);
  });

  it("re-rolls only a generated name, and only before it reaches a scoreboard", () => {
    const h = lobbyWith(["a"]);
    h.fail({ type: "reroll", playerId: "a" }, "invalid_state");
    h.join("g");
    h.ok({ type: "start" });
    h.ok({ type: "reroll", playerId: "g" });
    h.ok({ type: "skip" });
    h.fail({ type: "reroll", playerId: "g" }, "invalid_state");
    expect(h.view("g").me.rerollsLeft).toBe(0);
    h.fail({ type: "reroll", playerId: "nobody" }, "not_found");
  });
});

// ——— connections and kicks ———

describe("reconnect and kick", () => {
  it("a reconnecting player keeps name and score and gets the current state", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 400, "opt-oslo");
    h.answer("b", 1000, "opt-bergen");
    expect(h.s.phase).toBe("reveal");
    h.ok({ type: "next" });
    const out = h.ok({ type: "disconnect", playerId: "a" });
    expect(kinds(out.effects)).toEqual(["persistPlayers", "sendHost"]);
    expect(h.host().connectedCount).toBe(1);
    h.ok({ type: "next" });
    const back = h.ok({ type: "reconnect", playerId: "a" });
    expect(kinds(back.effects)).toEqual(["persistPlayers", "sendHost", "sendPlayer"]);
    const v = h.view("a");
    expect(v.me).toMatchObject({ nickname: "Nick a", score: 1000, rank: 1 });
    expect(v.phase).toBe("question");
    expect(v.questionIndex).toBe(1);
    expect(v.question?.prompt).toBe(MULTIPLE.prompt);
  });

  it("a reconnect of a connected player just resends its state", () => {
    const h = lobbyWith(["a"]);
    const out = h.ok({ type: "reconnect", playerId: "a" });
    expect(kinds(out.effects)).toEqual(["sendPlayer"]);
  });

  it("a kicked player is told, leaves every view, and cannot come back by token, by name or by answering", () => {
    const h = lobbyWith(["a", "b"]);
    const out = h.ok({ type: "kick", playerId: "b" });
    expect(out.effects).toContainEqual({ kind: "kicked", playerId: "b" });
    expect(out.effects).toContainEqual({ kind: "persistPlayers", playerIds: ["b"] });
    expect(h.player("b")).toMatchObject({ kicked: true, connected: false, rank: null });
    expect(playerView(h.s, "b", h.t)).toBeNull();
    expect(h.host().players.map((p) => p.playerId)).toEqual(["a"]);
    h.fail({ type: "reconnect", playerId: "b" }, "forbidden");
    h.fail({ type: "join", playerId: "b2", nickname: "nick b" }, "nickname_taken");
    h.ok({ type: "start" });
    h.open();
    h.fail({ type: "answer", playerId: "b", questionIndex: 0, answer: "opt-oslo" }, "forbidden");
    // A kicked player's sockets closing is not an error, and a second kick changes nothing.
    expect(h.ok({ type: "disconnect", playerId: "b" }).effects).toEqual([]);
    expect(h.ok({ type: "kick", playerId: "b" }).effects).toEqual([]);
  });

  it("unknown players get not_found", () => {
    const h = lobbyWith(["a"]);
    h.fail({ type: "reconnect", playerId: "x" }, "not_found");
    h.fail({ type: "disconnect", playerId: "x" }, "not_found");
    h.fail({ type: "kick", playerId: "x" }, "not_found");
    h.fail({ type: "kick", playerId: "__proto__" }, "not_found");
    h.ok({ type: "start" });
    h.open();
    h.fail({ type: "answer", playerId: "x", questionIndex: 0, answer: "opt-oslo" }, "not_found");
    expect(playerView(h.s, "x", h.t)).toBeNull();
  });
});

// ——— answering ———

describe("answer", () => {
  it("locks the answer in without saying whether it is right", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    const out = h.answer("a", 2000, "opt-oslo");
    if (!out.ok) throw new Error("refused");
    expect(out.reply).toEqual({ kind: "answer", questionIndex: 0, timeMs: 2000, duplicate: false });
    expect(out.effects).toEqual([
      {
        kind: "persistAnswer",
        questionIndex: 0,
        questionId: "q-single",
        playerId: "a",
        answer: "opt-oslo",
        correct: true,
        points: 950,
        timeMs: 2000,
        answeredAt: h.t,
        clientId: "a-0",
      },
      { kind: "sendHost", throttle: true },
      { kind: "sendPlayer", playerId: "a" },
    ]);
    const v = h.view("a");
    expect(v).toMatchObject({ answered: true, yourAnswer: "opt-oslo", result: null, inThisQuestion: true });
    expect(v.me.score).toBe(0); // credited at the reveal, not before
    expect(h.host()).toMatchObject({ answeredCount: 1, expectedCount: 2 });
  });

  it("refuses an answer before the answers open", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo" }, "invalid_state");
    expect(h.s.answers[0]).toEqual([]);
  });

  it.each<[string, number, unknown]>([
    ["a wrong shape", 0, ["opt-oslo"]],
    ["an unknown option", 0, "opt-paris"],
    ["an empty option id", 0, ""],
    ["a number for a choice", 0, 3],
    ["an object", 0, { id: "opt-oslo" }],
  ])("refuses %s with validation_failed", (_name, index, answer) => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.open();
    h.fail({ type: "answer", playerId: "a", questionIndex: index, answer }, "validation_failed");
  });

  it.each<[QuestionData["type"], LiveQuestion, unknown]>([
    ["multiple", MULTIPLE, ["m-two", "m-two"]],
    ["multiple", MULTIPLE, ["m-two", "m-six"]],
    ["order", ORDER, ["o-mercury", "o-venus", "o-earth"]],
    ["order", ORDER, ["o-mercury", "o-venus", "o-earth", "o-earth"]],
    ["number", NUMBER, "8848"],
    ["boolean", BOOLEAN, "false"],
  ])("refuses a malformed %s answer %j", (_type, q, answer) => {
    const h = lobbyWith(["a"], [q]);
    h.ok({ type: "start" });
    h.open();
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer }, "validation_failed");
  });

  it("refuses a question index that does not exist or is not open yet", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.open();
    h.fail({ type: "answer", playerId: "a", questionIndex: 99, answer: "x" }, "validation_failed");
    h.fail({ type: "answer", playerId: "a", questionIndex: 1.5, answer: "x" }, "validation_failed");
    h.fail({ type: "answer", playerId: "a", questionIndex: 1, answer: ["m-two"] }, "invalid_state");
  });

  it("is idempotent: a resend gets the same acknowledgement, another answer already_answered, one score", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo", "click-1");
    const resend = h.answer("a", 1500, "opt-oslo", "click-1");
    if (!resend.ok) throw new Error("refused");
    expect(resend.reply).toEqual({ kind: "answer", questionIndex: 0, timeMs: 1000, duplicate: true });
    expect(kinds(resend.effects)).not.toContain("persistAnswer");
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-bergen", clientId: "click-2" }, "already_answered");
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo" }, "already_answered");
    expect(h.rec(0, "a")).toMatchObject({ answer: "opt-oslo", timeMs: 1000, clientId: "click-1" });
    h.ok({ type: "skip" });
    expect(h.player("a").score).toBe(975);
    // After the reveal the resend still acknowledges, and a new answer is still already_answered.
    expect(h.run({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo", clientId: "click-1" }).ok).toBe(true);
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo", clientId: "click-3" }, "already_answered");
    expect(h.player("a").score).toBe(975);
  });

  it("stays idempotent with many answers (looked up by index), and a state left behind keeps its own answers", () => {
    const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const h = lobbyWith(ids);
    h.ok({ type: "start" });
    h.open();
    let before: GameState | null = null;
    for (const [i, id] of ids.entries()) {
      if (id === "p30") before = h.s;
      if (i < 39) h.answer(id, 100 + i, "opt-oslo", `click-${id}`);
    }
    // A resend with the same clientId is acknowledged once; another answer is refused; both after
    // the list of answers grew past the size where it is scanned.
    const resend = h.answer("p3", 2000, "opt-oslo", "click-p3");
    expect(resend.ok && resend.reply).toEqual({ kind: "answer", questionIndex: 0, timeMs: 103, duplicate: true });
    h.fail({ type: "answer", playerId: "p3", questionIndex: 0, answer: "opt-bergen", clientId: "other" }, "already_answered");
    expect(h.s.answers[0]).toHaveLength(39);
    // The state before p30 answered is unchanged: there p30 (and later players) may still answer.
    const earlier = before!;
    expect(earlier.answers[0]).toHaveLength(30);
    const again = apply(earlier, { type: "answer", playerId: "p30", questionIndex: 0, answer: "opt-bergen", clientId: "x" }, h.t);
    expect(again.ok).toBe(true);
    expect(apply(earlier, { type: "answer", playerId: "p29", questionIndex: 0, answer: "opt-bergen", clientId: "y" }, h.t).ok).toBe(false);
    // The last player answering closes the question with every answer counted once.
    h.answer("p39", 3000, "opt-oslo", "click-p39");
    expect(h.s.phase).toBe("reveal");
    expect(h.s.players.filter((p) => p.score > 0)).toHaveLength(40);
  });

  it("accepts an answer within the grace at half points, refuses one after it as answer_too_late", () => {
    const h = lobbyWith(["a", "b", "c"]);
    h.ok({ type: "start" });
    h.open();
    const closesAt = h.s.closesAt!;
    h.at(closesAt + LIVE_ANSWER_GRACE_MS - 1);
    h.ok({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo" });
    expect(h.rec(0, "a")).toMatchObject({ timeMs: 20_000, points: 500 });
    h.at(closesAt + LIVE_ANSWER_GRACE_MS);
    const late = h.fail({ type: "answer", playerId: "b", questionIndex: 0, answer: "opt-oslo" }, "answer_too_late");
    // The late answer found the question still open in the stored state: it closed it first.
    expect(late.state.phase).toBe("reveal");
    expect(kinds(late.effects)).toEqual(["persistPlayers", "persistGame", "sendHost", "sendPlayers"]);
    expect(h.rec(0, "b")).toBeUndefined();
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.fail({ type: "answer", playerId: "c", questionIndex: 0, answer: "opt-oslo" }, "answer_too_late");
  });

  it("ends the question early once every connected player has answered, not waiting for the disconnected", () => {
    const h = lobbyWith(["a", "b", "c"]);
    h.ok({ type: "start" });
    h.ok({ type: "disconnect", playerId: "c", immediate: true });
    h.open();
    expect(h.host().expectedCount).toBe(2);
    h.answer("a", 1000, "opt-oslo");
    expect(h.s.phase).toBe("question");
    const last = h.answer("b", 2000, "opt-bergen");
    expect(h.s.phase).toBe("reveal");
    expect(kinds(last.effects)).toEqual(["persistAnswer", "persistPlayers", "persistGame", "sendHost", "sendPlayers"]);
    expect(h.player("c").streak).toBe(0);
    expect(h.host().reveal).toMatchObject({ answered: 2, eligible: 3, noAnswer: 1, correct: 1, wrong: 1 });
  });

  it("marks host updates that only change counts as throttleable, phase changes as urgent", () => {
    const h = new Harness();
    expect(h.ok({ type: "join", playerId: "a", nickname: "Ada" }).effects).toContainEqual({ kind: "sendHost", throttle: true });
    h.join("b", "Bob");
    expect(h.ok({ type: "disconnect", playerId: "b" }).effects).toContainEqual({ kind: "sendHost", throttle: true });
    h.ok({ type: "reconnect", playerId: "b" });
    expect(h.ok({ type: "start" }).effects).toContainEqual({ kind: "sendHost", throttle: false });
    h.open();
    expect(h.answer("a", 1000, "opt-oslo").effects).toContainEqual({ kind: "sendHost", throttle: true });
    // The last answer also closes the question: one urgent update covers both.
    const last = h.answer("b", 2000, "opt-oslo").effects.filter((e) => e.kind === "sendHost");
    expect(last).toEqual([{ kind: "sendHost", throttle: false }]);
  });

  it("reveals when the last player who has not answered disconnects and its grace runs out", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    const dropped = h.t;
    h.ok({ type: "disconnect", playerId: "b" });
    expect(h.s.phase).toBe("question");
    expect(h.host()).toMatchObject({ answeredCount: 1, expectedCount: 2 });
    expect(nextTickAt(h.s)).toBe(dropped + DROP_GRACE_MS);
    h.at(dropped + DROP_GRACE_MS - 1).ok({ type: "tick" });
    expect(h.s.phase).toBe("question");
    h.wait(1);
    expect(h.s.phase).toBe("reveal");
    expect(h.host().reveal).toMatchObject({ answered: 1, noAnswer: 1 });
  });

  it("reveals at once when the server says the player is gone for good (immediate)", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.ok({ type: "disconnect", playerId: "b", immediate: true });
    expect(h.s.phase).toBe("reveal");
  });

  it("reveals when the last player who has not answered is kicked", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.ok({ type: "kick", playerId: "b" });
    expect(h.s.phase).toBe("reveal");
  });

  it("with nobody connected waits for the timer", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.ok({ type: "disconnect", playerId: "a" });
    h.open();
    h.wait(5000);
    expect(h.s.phase).toBe("question");
    h.timeUp();
    expect(h.s.phase).toBe("reveal");
  });

  it("skip reveals at once and keeps the answers already in", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 3000, "opt-oslo");
    h.ok({ type: "skip" });
    expect(h.s.phase).toBe("reveal");
    expect(h.player("a").score).toBe(925);
    expect(h.player("b")).toMatchObject({ score: 0, streak: 0 });
  });

  it("skip during the reading delay reveals with nobody having answered", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.ok({ type: "skip" });
    expect(h.host().reveal).toMatchObject({ answered: 0, noAnswer: 1 });
  });
});

describe("a phone that drops mid-question (reconnect grace)", () => {
  it("comes back within the grace to its open question, with the time that is left, and its answer counts", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.at(h.s.answersOpenAt! + 2000).ok({ type: "disconnect", playerId: "b" });
    // a answered, b is in its grace: the question stays open.
    h.wait(Math.min(DROP_GRACE_MS - 1000, 15_000));
    expect(h.s.phase).toBe("question");
    h.ok({ type: "reconnect", playerId: "b" });
    expect(h.player("b").droppedAt).toBeNull();
    const v = h.view("b");
    expect(v).toMatchObject({ phase: "question", stage: "answering", answered: false, inThisQuestion: true });
    // 20 s question, reconnected a while after the answers opened: what is left, not the full 20.
    const back = h.t - h.s.answersOpenAt!;
    expect(back).toBeGreaterThan(0);
    expect(v.timing?.remainingMs).toBe(20_000 - back);
    // Back and connected: no grace timer any more, only the deadline.
    expect(nextTickAt(h.s)).toBe(h.s.closesAt! + LIVE_ANSWER_GRACE_MS);
    h.answer("b", back + 500, "opt-oslo");
    expect(h.s.phase).toBe("reveal");
    expect(h.host().reveal).toMatchObject({ answered: 2, correct: 2 });
  });

  // Seeded cases: who drops, when, whether it comes back, and when the others answer; the question
  // closes early exactly when every player not kicked is answered, or gone for longer than the grace.
  const cases = Array.from({ length: 40 }, (_, n) => n);
  it.each(cases)("case %i: closes exactly when everyone connected or in grace has answered", (n) => {
    let x = (n + 1) * 2654435761;
    const rand = (k: number) => {
      x = (Math.imul(x ^ (x >>> 13), 1274126177) + 0x6d2b79f5) >>> 0;
      return x % k;
    };
    const ids = ["a", "b", "c", "d"];
    const h = lobbyWith(ids);
    h.ok({ type: "start" });
    h.open();
    const open = h.s.answersOpenAt!;
    type Ev = { at: number; cmd: Command };
    const evs: Ev[] = [];
    for (const id of ids) {
      const r = rand(3);
      if (r > 0) {
        const drop = 200 + rand(8000);
        evs.push({ at: open + drop, cmd: { type: "disconnect", playerId: id } });
        if (r === 2) evs.push({ at: open + drop + 500 + rand(8000), cmd: { type: "reconnect", playerId: id } });
      }
      if (rand(4) > 0) evs.push({ at: open + 100 + rand(18_000), cmd: { type: "answer", playerId: id, questionIndex: 0, answer: "opt-oslo", clientId: id } });
    }
    evs.sort((p, q) => p.at - q.at);
    // The rule, from the events alone: connected, or dropped less than the grace ago.
    const connected = new Map(ids.map((id) => [id, true]));
    const droppedAt = new Map<string, number>();
    const answered = new Set<string>();
    const expectedOpen = (t: number) =>
      ids.some((id) => !answered.has(id) && (connected.get(id) || (droppedAt.has(id) && t < droppedAt.get(id)! + DROP_GRACE_MS)));
    for (const ev of evs) {
      // Ticks the server would run before this event.
      while (h.s.phase === "question" && nextTickAt(h.s)! <= ev.at) {
        const t = nextTickAt(h.s)!;
        h.at(Math.max(t, h.t)).ok({ type: "tick" });
        if (t < h.s.closesAt! + LIVE_ANSWER_GRACE_MS) expect(h.s.phase).toBe(expectedOpen(h.t) ? "question" : "reveal");
      }
      if (h.s.phase !== "question") break;
      h.at(ev.at).run(ev.cmd);
      if (ev.cmd.type === "disconnect") {
        connected.set(ev.cmd.playerId, false);
        droppedAt.set(ev.cmd.playerId, ev.at);
      } else if (ev.cmd.type === "reconnect") {
        connected.set(ev.cmd.playerId, true);
        droppedAt.delete(ev.cmd.playerId);
      } else if (ev.cmd.type === "answer" && h.last?.ok) answered.add(ev.cmd.playerId);
      expect(h.s.phase).toBe(expectedOpen(h.t) ? "question" : "reveal");
      if (h.s.phase === "question") {
        const waiting = ids.filter((id) => connected.get(id) || (droppedAt.has(id) && h.t < droppedAt.get(id)! + DROP_GRACE_MS));
        expect(h.host().expectedCount).toBe(waiting.length);
        // Never a timer in the past: the server would spin.
        expect(nextTickAt(h.s)!).toBeGreaterThan(h.t);
      }
    }
    while (h.s.phase === "question") h.at(Math.max(nextTickAt(h.s)!, h.t)).ok({ type: "tick" });
    expect(h.s.phase).toBe("reveal");
  });
});

describe("pause and resume", () => {
  it("keeps the remaining answering time and measures answer time without the pause", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    const open = h.s.answersOpenAt!;
    h.at(open + 5000).ok({ type: "pause" });
    expect(h.s.paused).toEqual({ at: open + 5000, remainingMs: 15_000 });
    expect(nextTickAt(h.s)).toBeNull();
    expect(h.view("a").timing).toMatchObject({ paused: true, remainingMs: 15_000 });
    h.fail({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo" }, "invalid_state");
    h.wait(60_000);
    expect(h.s.phase).toBe("question");
    expect(h.view("a").timing).toMatchObject({ paused: true, remainingMs: 15_000 });
    h.ok({ type: "resume" });
    expect(h.s.closesAt).toBe(h.t + 15_000);
    expect(h.view("a").timing).toMatchObject({ paused: false, remainingMs: 15_000 });
    h.at(h.t + 1000).ok({ type: "answer", playerId: "a", questionIndex: 0, answer: "opt-oslo" });
    expect(h.rec(0, "a")?.timeMs).toBe(6000);
    h.at(h.s.closesAt! + LIVE_ANSWER_GRACE_MS - 1).ok({ type: "tick" });
    expect(h.s.phase).toBe("question");
    h.wait(1);
    expect(h.s.phase).toBe("reveal");
  });

  it("keeps the remaining reading delay", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.at(T0 + 1000).ok({ type: "pause" });
    expect(h.s.paused?.remainingMs).toBe(2000);
    h.wait(30_000);
    expect(h.s.stage).toBe("reading");
    h.ok({ type: "resume" });
    expect(h.s.answersOpenAt).toBe(h.t + 2000);
    expect(h.s.closesAt).toBe(h.t + 2000 + 20_000);
    h.wait(2000);
    expect(h.s.stage).toBe("answering");
  });

  it("reveals on resume when everyone connected had answered", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.ok({ type: "pause" });
    h.ok({ type: "disconnect", playerId: "b" });
    expect(h.s.phase).toBe("question");
    h.wait(DROP_GRACE_MS);
    expect(h.s.phase).toBe("question");
    h.ok({ type: "resume" });
    expect(h.s.phase).toBe("reveal");
  });
});

// ——— settings ———

describe("settings", () => {
  it("changes the given settings and keeps the rest", () => {
    const h = lobbyWith(["a"]);
    const out = h.ok({ type: "settings", patch: { readingDelaySeconds: 0, speedBonus: false } });
    expect(kinds(out.effects)).toEqual(["persistGame", "sendHost"]);
    expect(h.s.settings).toMatchObject({ readingDelaySeconds: 0, speedBonus: false, streakBonus: true, maxPlayers: 2000 });
    h.ok({ type: "start" });
    expect(h.s.stage).toBe("answering");
    h.answer("a", 15_000, "opt-oslo");
    expect(h.rec(0, "a")?.points).toBe(1000); // no speed deduction
  });

  it.each([
    [{ readingDelaySeconds: 11 }],
    [{ readingDelaySeconds: -1 }],
    [{ maxPlayers: 0 }],
    [{ maxPlayers: 1.5 }],
    [{ locked: "yes" }],
    [{ unknown: true }],
    [{}],
  ])("refuses %j with validation_failed", (patch) => {
    const h = lobbyWith(["a"]);
    h.fail({ type: "settings", patch: patch as never }, "validation_failed");
    expect(h.s.settings.readingDelaySeconds).toBe(3);
  });

  it("streak bonus off gives no bonus", () => {
    const h = lobbyWith(["a"], [SINGLE, BOOLEAN], { streakBonus: false });
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 0, "opt-oslo");
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("a", 0, false);
    expect(h.rec(1, "a")).toMatchObject({ points: 1000, streak: 2 });
  });
});

// ——— a whole game ———

/** Three players through all six types; returns the harness at the podium. */
function playWholeGame(questions: LiveQuestion[] = ALL_TYPES): Harness {
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

describe("a whole game: three players, six question types", () => {
  const h = playWholeGame();
  const pointsOf = (i: number) => Object.fromEntries((h.s.answers[i] ?? []).map((a) => [a.playerId, a.points]));

  it("scores every answer per docs/rules.md §9, with speed, partial credit and streaks", () => {
    expect(pointsOf(0)).toEqual({ ada: 1000, bob: 0, cy: 750 });
    expect(pointsOf(1)).toEqual({ bob: 1267, ada: 1750 + 100, cy: 0 });
    expect(pointsOf(2)).toEqual({ ada: 950 + 200, bob: 750 });
    expect(pointsOf(3)).toEqual({ cy: 950, ada: 900 + 300, bob: 0 });
    expect(pointsOf(4)).toEqual({ cy: 950 + 100, ada: 0, bob: 800 });
    expect(pointsOf(5)).toEqual({ bob: 0, ada: 1500, cy: 1000 + 200 });
  });

  it("totals scores and streaks, and ranks with rank changes", () => {
    expect(h.player("ada")).toMatchObject({ score: 6700, streak: 1, rank: 1, previousRank: 1 });
    expect(h.player("cy")).toMatchObject({ score: 3950, streak: 3, rank: 2, previousRank: 3 });
    expect(h.player("bob")).toMatchObject({ score: 2817, streak: 0, rank: 3, previousRank: 2 });
  });

  it("shows the reveal of the last question to the host: key, explanation, distribution", () => {
    const reveal = h.host().reveal;
    expect(reveal).toEqual({
      questionIndex: 5,
      key: { type: "number", answer: 8848.86, tolerance: 50, unit: "m" },
      explanation: NUMBER.explanation,
      eligible: 3,
      answered: 3,
      correct: 2,
      partial: 0,
      wrong: 1,
      noAnswer: 0,
      distribution: {
        type: "number",
        buckets: [
          { from: 0, to: 2000, count: 0, containsAnswer: false },
          { from: 2000, to: 4000, count: 0, containsAnswer: false },
          { from: 4000, to: 6000, count: 0, containsAnswer: false },
          { from: 6000, to: 8000, count: 0, containsAnswer: false },
          { from: 8000, to: 10000, count: 3, containsAnswer: true },
          { from: 10000, to: 12000, count: 0, containsAnswer: false },
        ],
      },
    });
  });

  it("shows each player its own result at the reveal", () => {
    expect(h.view("cy").result).toEqual({
      answered: true,
      correct: true,
      partial: false,
      points: 1200,
      streak: 3,
      key: { type: "number", answer: 8848.86, tolerance: 50, unit: "m" },
      explanation: NUMBER.explanation,
    });
    expect(h.view("bob").result).toMatchObject({ answered: true, correct: false, points: 0, streak: 0 });
  });

  it("shows the scoreboard with rank changes, then the podium, then the report", () => {
    const g = playWholeGame();
    g.ok({ type: "next" });
    expect(g.host().scoreboard).toEqual([
      { playerId: "ada", nickname: "Ada", score: 6700, rank: 1, previousRank: 1, rankChange: 0 },
      { playerId: "cy", nickname: "Cy", score: 3950, rank: 2, previousRank: 3, rankChange: 1 },
      { playerId: "bob", nickname: "Bob", score: 2817, rank: 3, previousRank: 2, rankChange: -1 },
    ]);
    expect(g.view("cy").me).toMatchObject({ rank: 2, previousRank: 3, score: 3950 });
    g.ok({ type: "next" });
    expect(g.s.phase).toBe("podium");
    const podium = [
      { rank: 1, nickname: "Ada", score: 6700 },
      { rank: 2, nickname: "Cy", score: 3950 },
      { rank: 3, nickname: "Bob", score: 2817 },
    ];
    expect(g.host().podium).toEqual(podium);
    expect(g.view("bob").podium).toEqual(podium);
    expect(g.host().report).toBeNull();
    g.ok({ type: "finish" });
    expect(g.s.phase).toBe("finished");
    expect(g.host().report).toEqual(report(g.s));
    expect(g.view("ada")).toMatchObject({ phase: "finished", endReason: "finished", me: { rank: 1, score: 6700 } });
  });

  it("reports per question and per player", () => {
    const r = reportSchema.parse(report(h.s));
    expect(r.questionsPlayed).toBe(6);
    expect(r.questions.map((q) => [q.index, q.eligible, q.answered, q.correct, q.correctPercent, q.averageTimeMs])).toEqual([
      [0, 3, 3, 2, 66.7, 4467],
      [1, 3, 3, 1, 33.3, 4333],
      [2, 3, 2, 2, 66.7, 3000],
      [3, 3, 3, 2, 66.7, 5333],
      [4, 3, 3, 2, 66.7, 4667],
      [5, 3, 3, 2, 66.7, 10333],
    ]);
    expect(r.players).toEqual([
      { rank: 1, playerId: "ada", nickname: "Ada", score: 6700, correct: 5, answered: 6, averageTimeMs: 4400, suspiciousAnswers: 0 },
      { rank: 2, playerId: "cy", nickname: "Cy", score: 3950, correct: 4, answered: 5, averageTimeMs: 8200, suspiciousAnswers: 0 },
      { rank: 3, playerId: "bob", nickname: "Bob", score: 2817, correct: 2, answered: 6, averageTimeMs: 4333, suspiciousAnswers: 0 },
    ]);
    expect(r.suspicious).toEqual([]);
    expect(reportToCsv(r)).toBe(
      "rank,nickname,score,correct,answered,questions_played,average_time_ms,suspicious_answers\r\n" +
        "1,Ada,6700,5,6,6,4400,0\r\n" +
        "2,Cy,3950,4,5,6,8200,0\r\n" +
        "3,Bob,2817,2,6,6,4333,0\r\n",
    );
  });

  it("keeps the incremental scores equal to a recomputation from the answers", () => {
    expect(recomputeFromAnswers(h.s)).toEqual(h.s);
  });

  it("gives every view in the game the shape the protocol promises (checked on each step)", () => {
    expect(h.snapshots.length).toBeGreaterThan(30);
  });
});

describe("broadcasts in two parts", () => {
  /** Phones as the server feeds them: whole views at a reveal, else game:state plus player:me where needed. */
  function phones(h: Harness) {
    const held = new Map<string, { shared: PlayerShared; personal: PlayerPersonal }>();
    let personalSends = 0;
    const deliver = () => {
      const common = playerShared(h.s, h.t);
      for (const p of h.s.players) {
        const actual = playerPersonal(h.s, p.id);
        if (!actual) continue;
        const mine = held.get(p.id);
        if (h.s.phase === "reveal" || !mine) {
          const v = playerView(h.s, p.id, h.t)!;
          held.set(p.id, { shared: sharedOfView(v), personal: personalOfView(v) });
          continue;
        }
        if (personalDiffers(mine.personal, actual, common)) {
          personalSends++;
          mine.personal = actual;
        }
        mine.shared = common;
        expect(composePlayerView(mine.shared, mine.personal)).toEqual(playerView(h.s, p.id, h.t));
      }
    };
    return { deliver, sends: () => personalSends };
  }

  it("the big screen gets the player list in the lobby only; counts after that", () => {
    const h = lobbyWith(["a", "b"]);
    expect(h.host().players.map((p) => p.playerId)).toEqual(["a", "b"]);
    h.ok({ type: "start" });
    expect(h.host()).toMatchObject({ players: [], playerCount: 2, connectedCount: 2 });
  });

  it("a new question and its answers opening reach every phone as the shared part alone", () => {
    const h = lobbyWith(["a", "b", "c"], [SINGLE, BOOLEAN, NUMBER]);
    const room = phones(h);
    room.deliver();
    h.ok({ type: "start" });
    room.deliver();
    h.open();
    room.deliver();
    expect(room.sends()).toBe(0);
    h.answer("a", 1000, "opt-oslo");
    h.answer("b", 1500, "opt-bergen");
    h.timeUp();
    room.deliver(); // the reveal: whole views
    h.ok({ type: "next" }); // scoreboard
    room.deliver();
    h.ok({ type: "next" }); // question 2
    room.deliver();
    h.open();
    room.deliver();
    h.ok({ type: "pause" });
    room.deliver();
    h.ok({ type: "resume" });
    room.deliver();
    expect(room.sends()).toBe(0);
    // A kick re-ranks the others: their own parts change, and only those are sent.
    h.ok({ type: "kick", playerId: "a" });
    room.deliver();
    expect(room.sends()).toBe(2);
  });
});

describe("distributions at the reveal", () => {
  function revealOf(q: LiveQuestion, answers: [string, unknown][]) {
    const h = lobbyWith(answers.map(([id]) => id), [q]);
    h.ok({ type: "start" });
    h.open();
    answers.forEach(([id, a], i) => h.answer(id, 1000 + i, a));
    expect(h.s.phase).toBe("reveal");
    return h.host().reveal;
  }

  it("counts each option of a single choice", () => {
    expect(revealOf(SINGLE, [["a", "opt-oslo"], ["b", "opt-oslo"], ["c", "opt-bergen"]])?.distribution).toEqual({
      type: "single",
      options: [
        { id: "opt-bergen", text: "Bergen", count: 1, correct: false },
        { id: "opt-oslo", text: "Oslo", count: 2, correct: true },
        { id: "opt-tromso", text: "Tromsø", count: 0, correct: false },
      ],
    });
  });

  it("counts every pick of a multiple choice and tells partial answers apart", () => {
    const r = revealOf(MULTIPLE, [["a", ["m-two", "m-three", "m-five"]], ["b", ["m-two"]], ["c", ["m-four"]]]);
    expect(r).toMatchObject({ correct: 1, partial: 1, wrong: 1 });
    expect(r?.distribution).toEqual({
      type: "multiple",
      options: [
        { id: "m-two", text: "2", count: 2, correct: true },
        { id: "m-three", text: "3", count: 1, correct: true },
        { id: "m-four", text: "4", count: 1, correct: false },
        { id: "m-five", text: "5", count: 1, correct: true },
      ],
    });
  });

  it("counts true and false", () => {
    expect(revealOf(BOOLEAN, [["a", true], ["b", false], ["c", false]])?.distribution).toEqual({
      type: "boolean",
      trueCount: 1,
      falseCount: 2,
    });
  });

  it("groups typed answers, most common first, and never shows a profane one", () => {
    const r = revealOf(TEXT, [
      ["a", "Zanzibarite"],
      ["b", " zanzibarité"],
      ["c", "Pemba"],
      ["d", "fuck"],
      ["e", "FUCK"],
      ["f", ""],
    ]);
    expect(r?.distribution).toEqual({
      type: "text",
      top: [
        { text: "Zanzibarite", count: 2, correct: true },
        { text: "Pemba", count: 1, correct: false },
      ],
    });
    expect(r).toMatchObject({ answered: 6, correct: 2, wrong: 4 });
  });

  it("counts, per position, who put the right item there", () => {
    expect(
      revealOf(ORDER, [
        ["a", ["o-mercury", "o-venus", "o-earth", "o-mars"]],
        ["b", ["o-venus", "o-mercury", "o-earth", "o-mars"]],
      ])?.distribution,
    ).toEqual({
      type: "order",
      positions: [
        { id: "o-mercury", text: "Mercury", rightPlace: 1 },
        { id: "o-venus", text: "Venus", rightPlace: 1 },
        { id: "o-earth", text: "Earth", rightPlace: 2 },
        { id: "o-mars", text: "Mars", rightPlace: 2 },
      ],
    });
  });

  it("puts numbers outside the range in the end buckets", () => {
    const r = revealOf(NUMBER, [["a", -5], ["b", 99_999], ["c", 8848.86]]);
    const buckets = r?.distribution.type === "number" ? r.distribution.buckets.map((b) => b.count) : [];
    expect(buckets).toEqual([1, 0, 0, 0, 1, 1]);
  });
});

// ——— ranking ———

describe("ranking", () => {
  it("breaks ties by total answer time, then by join order", () => {
    const h = lobbyWith(["a", "b", "c"], [SINGLE, BOOLEAN], { speedBonus: false });
    h.ok({ type: "start" });
    h.open();
    h.answer("c", 1000, "opt-oslo");
    h.answer("b", 3000, "opt-oslo");
    h.answer("a", 3000, "opt-bergen");
    // b and c both 1000 points: c was quicker.
    expect([h.player("c").rank, h.player("b").rank, h.player("a").rank]).toEqual([1, 2, 3]);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("b", 500, true);
    h.answer("c", 2500, true);
    h.answer("a", 2500, true);
    // Everyone wrong: b and c level on points and time (3500 ms each): b joined first.
    expect(h.player("b")).toMatchObject({ score: 1000, totalTimeMs: 3500, rank: 1, previousRank: 2 });
    expect(h.player("c")).toMatchObject({ score: 1000, totalTimeMs: 3500, rank: 2, previousRank: 1 });
    expect(h.player("a")).toMatchObject({ rank: 3, previousRank: 3 });
  });

  it("counts an unanswered question as its full time", () => {
    const h = lobbyWith(["a", "b"], [SINGLE], { speedBonus: false });
    h.ok({ type: "start" });
    h.open();
    h.answer("b", 19_000, "opt-bergen");
    h.timeUp();
    expect(h.player("a").totalTimeMs).toBe(20_000);
    expect(h.player("b").totalTimeMs).toBe(19_000);
    expect(h.player("b").rank).toBe(1);
  });

  it("gives no previous rank after the first question", () => {
    const h = gameIn("scoreboard");
    expect(h.host().scoreboard?.[0]).toMatchObject({ previousRank: null, rankChange: null });
  });

  it("shows the top 5 only", () => {
    const h = lobbyWith(["a", "b", "c", "d", "e", "f", "g"], [SINGLE]);
    h.ok({ type: "start" });
    h.ok({ type: "skip" });
    h.ok({ type: "next" });
    expect(h.host().scoreboard?.map((r) => r.playerId)).toEqual(["a", "b", "c", "d", "e"]);
    expect(h.view("g").me.rank).toBe(7);
  });
});

// ——— joining mid-game ———

describe("joining mid-game", () => {
  it("during a question: starts with that question and may answer it", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.open();
    h.join("late", "Late");
    expect(h.player("late").firstQuestion).toBe(0);
    expect(h.view("late")).toMatchObject({ phase: "question", inThisQuestion: true, answered: false });
    expect(h.view("late").question?.prompt).toBe(SINGLE.prompt);
    h.answer("a", 1000, "opt-oslo");
    expect(h.s.phase).toBe("question"); // waits for the newcomer too
    h.answer("late", 2000, "opt-oslo");
    expect(h.s.phase).toBe("reveal");
    expect(h.player("late").score).toBe(950);
  });

  it("during a reveal or scoreboard: starts with the next question", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.join("late", "Late");
    expect(h.player("late").firstQuestion).toBe(1);
    expect(h.view("late")).toMatchObject({ phase: "reveal", inThisQuestion: false, result: null });
    h.fail({ type: "answer", playerId: "late", questionIndex: 0, answer: "opt-oslo" }, "answer_too_late");
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    expect(h.view("late")).toMatchObject({ phase: "question", questionIndex: 1, inThisQuestion: true });
    h.open();
    h.answer("a", 1000, ["m-two"]);
    h.answer("late", 1000, ["m-two", "m-three", "m-five"]);
    expect(h.s.phase).toBe("reveal");
    expect(h.player("late")).toMatchObject({ score: 1950, previousRank: null });
    expect(h.player("a").previousRank).toBe(1);
    const r = report(h.s);
    expect(r.questions.map((q) => q.eligible)).toEqual([1, 2]);
    expect(recomputeFromAnswers(h.s)).toEqual(h.s);
  });
});

// ——— the report ———

describe("report", () => {
  it("flags answers faster than 150 ms after the answers opened", () => {
    const h = lobbyWith(["bot", "human"], [SINGLE, BOOLEAN]);
    h.ok({ type: "start" });
    h.open();
    h.answer("bot", 20, "opt-oslo");
    h.answer("human", 150, "opt-oslo");
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("bot", 149, false);
    h.answer("human", 2000, false);
    const r = report(h.s);
    expect(r.suspicious).toEqual([
      { playerId: "bot", nickname: "Nick bot", questionIndex: 0, timeMs: 20 },
      { playerId: "bot", nickname: "Nick bot", questionIndex: 1, timeMs: 149 },
    ]);
    expect(r.players.map((p) => [p.playerId, p.suspiciousAnswers])).toEqual([
      ["bot", 2],
      ["human", 0],
    ]);
  });

  it("covers only revealed questions and leaves kicked players out; a cancelled game still has one", () => {
    const h = lobbyWith(["a", "b", "c"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.answer("b", 1000, "opt-oslo");
    h.answer("c", 1000, "opt-oslo");
    h.ok({ type: "kick", playerId: "b" });
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("a", 1000, ["m-two"]);
    h.ok({ type: "end" });
    const r = h.host().report;
    expect(r).toMatchObject({ questionsPlayed: 1, endReason: "ended_by_host" });
    expect(r?.players.map((p) => p.playerId)).toEqual(["a", "c"]);
    expect(r?.questions[0]).toMatchObject({ eligible: 2, answered: 2, correct: 2, correctPercent: 100 });
    expect(h.view("a")).toMatchObject({ phase: "cancelled", endReason: "ended_by_host", result: null, me: { score: 975 } });
    expect(gameIn("cancelled").host().report).toBeNull(); // never started: nothing to report
  });
});

describe("CSV", () => {
  it("writes one row per player, ranked, guarding nicknames", () => {
    const h = new Harness([SINGLE]);
    h.join("a", "=cmd|' /C calc'!A0");
    h.join("b", "Lee, Sam");
    h.ok({ type: "start" });
    h.ok({ type: "skip" });
    const csv = reportToCsv(report(h.s));
    expect(csv.split("\r\n")).toEqual([
      "rank,nickname,score,correct,answered,questions_played,average_time_ms,suspicious_answers",
      "1,\"'=cmd|' /C calc'!A0\",0,0,0,1,,0",
      '2,"Lee, Sam",0,0,0,1,,0',
      "",
    ]);
  });
});

// ——— no answer key before the reveal ———

const KEYS: Record<string, { texts: string[]; ids: string[] }> = {
  "q-single": { texts: [], ids: ["opt-bergen", "opt-oslo", "opt-tromso"] },
  "q-multiple": { texts: [], ids: ["m-two", "m-three", "m-four", "m-five"] },
  "q-boolean": { texts: [], ids: [] },
  "q-text": { texts: ["Zanzibarite", "Zanzibarita", "zanzibarite", "zanzibarita"], ids: [] },
  "q-order": { texts: ['"o-mercury","o-venus","o-earth","o-mars"'], ids: [] },
  "q-number": { texts: ["8848.86", "8848"], ids: [] },
};

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe("no answer key reaches a player (or the big screen) before the reveal", () => {
  const game = playWholeGame();
  const before = game.snapshots.filter((s) => s.phase === "question");

  it("looks at every view of every question before its reveal", () => {
    expect(new Set(before.map((s) => s.index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(before.length).toBeGreaterThan(20);
  });

  it("has no accepted text, correct number, correct order or explanation in any view", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const views: unknown[] = [snap.host, ...Object.values(snap.players)];
      for (const view of views) {
        // A player's own answer echoed back is theirs, not a leak; take it out before searching.
        const json = JSON.stringify({ ...(view as object), yourAnswer: null });
        for (const text of KEYS[q.id]?.texts ?? []) expect(json, `${q.id}: ${text}`).not.toContain(text);
        expect(json).not.toContain("EXPLAIN-");
        expect(json).not.toMatch(/"(correct|accepted|key|tolerance|explanation|reveal)":(?!null|false|0)/);
      }
    }
  });

  it("names each option id exactly once: in the public options, nowhere else", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      for (const view of [snap.host, ...Object.values(snap.players)]) {
        const json = JSON.stringify({ ...(view as object), yourAnswer: null });
        for (const id of KEYS[q.id]?.ids ?? []) expect(count(json, `"${id}"`), `${q.id}: ${id}`).toBe(1);
      }
    }
  });

  it("sends exactly the public question data, with the order items never in the right order", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const expected = toPublicData(q.data, `${SEED}:${q.id}`);
      expect(snap.host.question?.data).toEqual(expected);
      for (const view of Object.values(snap.players)) expect(view?.question?.data).toEqual(expected);
      if (expected.type === "order") {
        expect(expected.items.map((i) => i.id)).not.toEqual(["o-mercury", "o-venus", "o-earth", "o-mars"]);
      }
    }
  });

  it("sends a question's picture and its description with the question, and null for both without one", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const picture = { imageUrl: q.imageUrl ?? null, imageAlt: q.imageAlt ?? null };
      expect(snap.host.question).toMatchObject(picture);
      for (const view of Object.values(snap.players)) expect(view?.question).toMatchObject(picture);
    }
    expect(before.some((s) => s.host.question?.imageAlt === "Everest's summit above the clouds")).toBe(true);
  });

  it("shows the same views whatever the answer key is (a game with other keys looks identical before each reveal)", () => {
    const otherKeys: Record<string, QuestionData> = {
      "q-single": { ...(SINGLE.data as Extract<QuestionData, { type: "single" }>), correct: "opt-tromso" },
      "q-multiple": { ...(MULTIPLE.data as Extract<QuestionData, { type: "multiple" }>), correct: ["m-four"] },
      "q-boolean": { type: "boolean", correct: true },
      "q-text": { type: "text", accepted: ["Pemba"] },
      "q-number": { type: "number", min: 0, max: 12000, answer: 100, tolerance: 0, unit: "m" },
    };
    for (let k = 0; k < ALL_TYPES.length; k++) {
      const q = ALL_TYPES[k] as LiveQuestion;
      const other = otherKeys[q.id];
      if (!other) continue; // order: its key is the item order itself, covered above
      const variant = playWholeGame(ALL_TYPES.map((x, j) => (j === k ? { ...x, data: other } : x)));
      const mine = game.snapshots.filter((s) => s.index < k || (s.index === k && s.phase === "question"));
      const theirs = variant.snapshots.slice(0, mine.length);
      expect(theirs, `question ${k}`).toEqual(mine);
      // …and the two games do differ once question k is revealed.
      expect(variant.snapshots[mine.length]?.host.reveal?.key).not.toEqual(game.snapshots[mine.length]?.host.reveal?.key);
    }
  });

  it("never puts a score change before the reveal: scores move only when a question is revealed", () => {
    let last: Record<string, number> = {};
    for (const snap of game.snapshots) {
      const scores = Object.fromEntries(Object.entries(snap.players).map(([id, v]) => [id, v?.me.score ?? 0]));
      if (snap.phase === "question" && Object.keys(last).length > 0) expect(scores).toEqual(last);
      last = scores;
    }
  });
});

// ——— restart ———

describe("restart: the state survives JSON", () => {
  it("round-trips a game in every phase, and a restored game plays on exactly like the original", () => {
    const original = lobbyWith(["a", "b"]);
    original.ok({ type: "start" });
    original.open();
    original.answer("a", 1200, "opt-oslo", "x1");

    const restored = restoreGame(serializeGame(original.s));
    if (!restored.ok) throw new Error(restored.error.message);
    expect(restored.value).toEqual(original.s);

    const copy = new Harness();
    copy.s = restored.value;
    copy.t = original.t;
    for (const h of [original, copy]) {
      h.answer("a", 1300, "opt-oslo", "x1"); // the resend after a restart is still recognised
      h.answer("b", 4000, "opt-bergen");
      h.ok({ type: "next" });
      h.ok({ type: "next" });
      h.open();
      h.ok({ type: "pause" });
    }
    expect(copy.s).toEqual(original.s);
    expect(JSON.parse(JSON.stringify(copy.s))).toEqual(copy.s);
    expect(hostView(copy.s, copy.t)).toEqual(hostView(original.s, original.t));
    expect(playerView(copy.s, "a", copy.t)).toEqual(playerView(original.s, "a", original.t));
  });

  it("every snapshot of a whole game is plain JSON", () => {
    const h = playWholeGame();
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.ok({ type: "finish" });
    expect(JSON.parse(serializeGame(h.s))).toEqual(h.s);
    expect(nextTickAt(h.s)).toBeNull();
  });

  it.each([
    ["not JSON", "{"],
    ["another version", JSON.stringify({ version: 99, questions: [], players: [], answers: [] })],
    ["an old id-keyed shape", JSON.stringify({ version: 1, questions: [], players: {}, answers: [] })],
    ["not a game", "[]"],
  ])("refuses a snapshot that is %s", (_name, json) => {
    const r = restoreGame(json);
    expect(r.ok ? "ok" : r.error.code).toBe("validation_failed");
  });

  it("a timer missed while the server was down is caught up by the first tick after the restart", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    const restored = restoreGame(serializeGame(h.s));
    if (!restored.ok) throw new Error("restore failed");
    const out = apply(restored.value, { type: "tick" }, T0 + 60_000);
    expect(out.state.phase).toBe("reveal");
    expect(out.state.players[0]).toMatchObject({ id: "a", score: 0, streak: 0 });
  });
});

describe("per-answer feedback at the reveal", () => {
  it("shows each player the feedback of the option they picked, and none when there is none", () => {
    const withFeedback: LiveQuestion = {
      ...SINGLE,
      data: {
        type: "single",
        options: [
          { id: "opt-bergen", text: "Bergen", feedback: "Second largest, on the west coast." },
          { id: "opt-oslo", text: "Oslo" },
          { id: "opt-tromso", text: "Tromsø", feedback: "Far north." },
        ],
        correct: "opt-oslo",
      },
    };
    const h = lobbyWith(["a", "b", "c"], [withFeedback]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-bergen");
    h.answer("b", 1000, "opt-oslo");
    h.ok({ type: "skip" });
    expect(h.view("a").result).toMatchObject({ correct: false, feedback: ["Second largest, on the west coast."] });
    expect(h.view("b").result).not.toHaveProperty("feedback");
    expect(h.view("c").result).toMatchObject({ answered: false });
    expect(h.view("c").result).not.toHaveProperty("feedback");
  });
});
