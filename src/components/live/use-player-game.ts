"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { newId } from "@/components/browser/new-id";
import { isComplete } from "@/components/answer/rules";
import { useErrorText } from "@/components/ui/error-text";
import type { Answer } from "@/core/grading";
import { answerAckStep } from "@/core/live/answer-ack";
import type { AnswerValue, ErrorPayload, PlayerPersonal, PlayerShared, PlayerView } from "@/core/live/protocol";
import { composePlayerView, personalOfView, sharedOfView } from "@/core/live/views";
import { playerTokenKey } from "@/core/live/connection";
import type { LiveSocket } from "./live-socket";
import { connectPlayer } from "./player-socket";

export type Pending = { questionIndex: number; answer: AnswerValue; clientId: string };
export type Entry = { kind: "name"; error?: string } | { kind: "kicked" } | { kind: "gone"; message: string } | null;

/** How long an answer waits for its acknowledgement before the phone says it was not sent. */
const ANSWER_ACK_MS = 10_000;

/** Refusals that send the player back to the name form (with the host's field, when asked). */
const nameErrors = new Set(["nickname_taken", "nickname_rejected", "identifier_rejected"]);


const pendingKey = (pin: string) => `${playerTokenKey(pin)}.pending`;

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/**
 * A player's phone's side of a live game: the connection, joining or resuming, the view, and the
 * answer on its way. The resume token lives in localStorage per PIN, so a reload, a reopened tab
 * or a dropped connection comes back as the same player; an answer not yet acknowledged is kept
 * there too and sent again (same clientId: counted once) after reconnecting.
 */
export function usePlayerGame(
  pin: string,
  name: string | null,
  generated: boolean,
  identifier: string | null = null,
  identifierLabel: string | null = null,
  team: number | null = null,
  /** False when the page found no open game with this PIN. */
  open = true,
) {
  const t = useTranslations("live");
  const errorText = useErrorText();
  const [view, setView] = useState<PlayerView | null>(null);
  // The two parts the server sends (src/core/live/views.ts): a whole view sets both; a phase change
  // brings the shared part for the room (game:state) and, when it changed, this phone's own part.
  const parts = useRef<{ shared: PlayerShared; personal: PlayerPersonal } | null>(null);
  const setWhole = useCallback((v: PlayerView) => {
    parts.current = { shared: sharedOfView(v), personal: personalOfView(v) };
    setView(v);
  }, []);
  const [entry, setEntry] = useState<Entry>(null);
  const [online, setOnline] = useState(true);
  /** The answer on its way (shown as "locking in" until its acknowledgement). */
  const [sending, setSending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ index: number; answer: Answer | null }>({ index: -1, answer: null });
  const socketRef = useRef<LiveSocket | null>(null);
  const choice = useRef<{ name: string | null; generated: boolean; identifier: string | null; team: number | null }>({ name, generated, identifier, team });
  /** The host's join field, when the game asks one: sent with every join. */
  const withIdentifier = () => ({
    ...(choice.current.identifier ? { identifier: choice.current.identifier } : {}),
    // The team picked on the join page (a team game where players pick).
    ...(choice.current.team === null ? {} : { team: choice.current.team }),
  });

  const sendAnswer = useCallback(
    (p: Pending) => {
      const socket = socketRef.current;
      setSending(p);
      // Offline: kept in localStorage and sent again once reconnected (the bar says "Reconnecting…").
      if (!socket?.connected) return;
      try {
        socket.timeout(ANSWER_ACK_MS).emit("player:answer", p, (timedOut, res) => {
          // src/core/live/answer-ack.ts: a connection closed before the acknowledgement (a
          // server that lost or handed over the game) keeps the answer locking in until the
          // resume sends it again; no acknowledgement in time on a live connection is "not sent".
          const step = answerAckStep(
            timedOut ? { failed: true, connected: socket.connected } : res.ok ? { failed: false, ok: true } : { failed: false, ok: false, code: res.error.code },
          );
          if (!step.sending) setSending(null);
          // The acknowledgement brings this phone's own part with the answer locked in.
          if (!timedOut && res.ok && parts.current) {
            parts.current = { ...parts.current, personal: res.me };
            setView(composePlayerView(parts.current.shared, res.me));
          }
          if (step.settle) localStorage.removeItem(pendingKey(pin));
          if (step.error.kind === "clear") setError(null);
          else if (step.error.kind === "sendFailed") setError(t("sendFailed"));
          else if (step.error.kind === "code") setError(errorText(step.error.code));
        });
      } catch {
        setSending(null);
        setError(t("sendFailed"));
      }
    },
    [pin, t, errorText],
  );

  useEffect(() => {
    const socket = connectPlayer(pin);
    socketRef.current = socket;
    const adopt = (v: PlayerView) => {
      setWhole(v);
      setEntry(null);
      const pending = readJson<Pending>(pendingKey(pin));
      if (pending && v.phase === "question" && v.questionIndex === pending.questionIndex && !v.answered) sendAnswer(pending);
      else {
        setSending(null);
        if (pending && (v.questionIndex !== pending.questionIndex || v.answered)) localStorage.removeItem(pendingKey(pin));
      }
    };
    const join = () => {
      const c = choice.current;
      if ((!c.generated && !c.name) || (identifierLabel && !c.identifier)) {
        // No open game with this PIN (the page looked it up): said now, not after a name is typed.
        setEntry(open ? { kind: "name" } : { kind: "gone", message: errorText("game_not_found") });
        return;
      }
      socket.emit("player:join", { pin, ...(c.generated ? {} : { nickname: c.name ?? "" }), ...withIdentifier() }, (res) => {
        if (res.ok) {
          localStorage.setItem(playerTokenKey(pin), res.token);
          // A reload resumes with the token; it must not join again under the name in the URL.
          window.history.replaceState(null, "", `/game/${pin}`);
          adopt(res.state);
        } else onError(res.error);
      });
    };
    const onError = (e: ErrorPayload) => {
      if (nameErrors.has(e.code)) setEntry({ kind: "name", error: errorText(e.code) });
      else if (e.code === "forbidden") setEntry({ kind: "kicked" });
      else setEntry({ kind: "gone", message: errorText(e.code) });
    };
    socket.on("connect", () => {
      setOnline(true);
      const token = localStorage.getItem(playerTokenKey(pin));
      if (!token) return join();
      socket.emit("player:resume", { pin, token }, (res) => {
        if (res.ok) return adopt(res.state);
        if (res.error.code === "forbidden") {
          localStorage.removeItem(playerTokenKey(pin));
          return onError(res.error);
        }
        if (res.error.code === "not_found") {
          localStorage.removeItem(playerTokenKey(pin));
          return join();
        }
        onError(res.error);
      });
    });
    socket.on("disconnect", () => setOnline(false));
    socket.on("player:state", setWhole);
    socket.on("game:state", (shared) => {
      if (!parts.current) return; // not in the game yet: the join or resume brings a whole view
      parts.current = { ...parts.current, shared };
      setView(composePlayerView(shared, parts.current.personal));
    });
    socket.on("player:me", (personal) => {
      if (!parts.current) return;
      parts.current = { ...parts.current, personal };
      setView(composePlayerView(parts.current.shared, personal));
    });
    socket.on("player:kicked", (payload) => {
      localStorage.removeItem(playerTokenKey(pin));
      // A game for a class: the host released this name for another device.
      setEntry(payload?.reason ? { kind: "gone", message: t("released") } : { kind: "kicked" });
      socket.disconnect();
    });
    return () => {
      socket.disconnect();
    };
  }, [pin, sendAnswer, setWhole, errorText, identifierLabel, t, open]);

  // Order questions start from the order shown, which is already an answer; others start empty.
  const current: Answer | null =
    !view?.question ? null : draft.index === view.questionIndex ? draft.answer : view.question.data.type === "order" ? view.question.data.items.map((i) => i.id) : null;

  /** Sends the draft, or (one tap) the option just tapped. */
  const submit = useCallback(
    (tapped?: Answer) => {
      if (!view?.question || sending?.questionIndex === view.questionIndex) return;
      const a = tapped ?? current;
      if (!isComplete(view.question.data.type, a)) return;
      try {
        // A retry of an answer that may have arrived keeps its clientId, so it counts once.
        const before = readJson<Pending>(pendingKey(pin));
        const clientId = before?.questionIndex === view.questionIndex ? before.clientId : newId();
        const p: Pending = { questionIndex: view.questionIndex, answer: a, clientId };
        localStorage.setItem(pendingKey(pin), JSON.stringify(p));
        setError(null);
        sendAnswer(p);
      } catch {
        // Storage full or blocked (a private window): the answer must not vanish without a word.
        setError(t("sendFailed"));
      }
    },
    [view, current, pin, sendAnswer, sending, t],
  );

  const reroll = () =>
    socketRef.current?.emit("player:reroll", {}, (res) => {
      if (!res.ok) setError(errorText(res.error.code));
    });

  /** The name form: joins under the name typed. */
  const joinWithName = (value: FormDataEntryValue | null, id: FormDataEntryValue | null = null) => {
    choice.current = { name: typeof value === "string" ? value : "", generated: false, identifier: typeof id === "string" ? id : null, team: choice.current.team };
    socketRef.current?.emit("player:join", { pin, nickname: choice.current.name ?? "", ...withIdentifier() }, (res) => {
      if (res.ok) {
        localStorage.setItem(playerTokenKey(pin), res.token);
        window.history.replaceState(null, "", `/game/${pin}`);
        setEntry(null);
        setWhole(res.state);
      } else setEntry(nameErrors.has(res.error.code) ? { kind: "name", error: errorText(res.error.code) } : { kind: "gone", message: errorText(res.error.code) });
    });
  };

  /** The roster picker's join (a game for a class): a refusal goes back to it, said in the player's language. */
  const joinWith = (payload: { studentId: string }, refused: (message: string) => void) =>
    socketRef.current?.emit("player:join", { pin, ...payload }, (res) => {
      if (!res.ok) return refused(errorText(res.error.code));
      localStorage.setItem(playerTokenKey(pin), res.token);
      setEntry(null);
      setWhole(res.state);
    });

  /** The name form's other way in: a generated name. */
  const joinGenerated = (id: FormDataEntryValue | null = null) => {
    choice.current = { name: null, generated: true, identifier: typeof id === "string" ? id : null, team: choice.current.team };
    socketRef.current?.emit("player:join", { pin, ...withIdentifier() }, (res) => {
      if (res.ok) {
        localStorage.setItem(playerTokenKey(pin), res.token);
        window.history.replaceState(null, "", `/game/${pin}`);
        setEntry(null);
        setWhole(res.state);
      } else setEntry(res.error.code === "identifier_rejected" ? { kind: "name", error: errorText(res.error.code) } : { kind: "gone", message: errorText(res.error.code) });
    });
  };

  return {
    view,
    entry,
    online,
    sending,
    error,
    current,
    setDraft,
    submit,
    reroll,
    joinWithName,
    joinGenerated,
    joinWith,
    chosenName: choice.current.name,
    chosenIdentifier: choice.current.identifier,
  };
}
