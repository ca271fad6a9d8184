import { describe, expect, it } from "vitest";
import { type QuestionData } from "../question";
import { apply, type Command, createGame, DROP_GRACE_MS, type GameState, LIVE_ANSWER_GRACE_MS, type LiveQuestion, nextTickAt, playerView, recomputeFromAnswers, report } from "./engine";
import { type LiveErrorCode, type LiveSettings, LOBBY_IDLE_MS, type Phase } from "./protocol";
import { ALL_TYPES, BOOLEAN, gameIn, Harness, kinds, lobbyWith, MULTIPLE, NUMBER, ORDER, SEED, SINGLE, T0 } from "@/test/live-engine";

// The engine's commands and transitions: creating, joining, answering, the clock, ranking.

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
      pointsMultipliers: [],
      identifierLabel: null,
      questionOnPhones: true,
      teams: null,
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

  it.each<[string, Phase | "answering", Command, Phase, number]>([
    ["Next on the reveal it was pressed on", "reveal", { type: "next", at: { phase: "reveal", questionIndex: 0 } }, "scoreboard", 0],
    ["a second Next made on the reveal, now on the scoreboard", "scoreboard", { type: "next", at: { phase: "reveal", questionIndex: 0 } }, "scoreboard", 0],
    ["a Next made on another question's scoreboard", "scoreboard", { type: "next", at: { phase: "scoreboard", questionIndex: 5 } }, "scoreboard", 0],
    ["Skip on the question it was pressed on", "question", { type: "skip", at: { phase: "question", questionIndex: 0 } }, "reveal", 0],
    ["a Skip that reaches the game after the time ran out", "reveal", { type: "skip", at: { phase: "question", questionIndex: 0 } }, "reveal", 0],
  ])("move-on presses name their screen: %s", (_name, from, cmd, to, index) => {
    const h = gameIn(from);
    h.ok(cmd);
    expect(h.s.phase).toBe(to);
    expect(h.s.index).toBe(index);
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
