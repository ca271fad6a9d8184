"use client";

import { CheckCircle2, Flame, Loader2, Lock, Share2, Shuffle, Trophy, WifiOff, XCircle } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { copyText } from "@/components/browser/copy-text";
import { newId } from "@/components/browser/new-id";
import { PHONE_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { isComplete, isOneTap } from "@/components/answer/rules";
import { useCountdown } from "@/components/answer/use-countdown";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import type { Answer } from "@/core/grading";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import { answerAckStep } from "@/core/live/answer-ack";
import type { AnswerValue, ErrorPayload, PlayerPersonal, PlayerShared, PlayerView, PublicQuestion } from "@/core/live/protocol";
import { composePlayerView, personalOfView, sharedOfView } from "@/core/live/views";
import type { PlayQuestion } from "@/core/play/attempt";
import { playerTokenKey } from "@/core/live/connection";
import type { LiveSocket } from "./live-socket";
import { connectPlayer } from "./player-socket";
import { BrandMark } from "./brand-mark";
import { answerText, keyText } from "./reveal-text";

type Pending = { questionIndex: number; answer: AnswerValue; clientId: string };
type Entry = { kind: "name"; error?: string } | { kind: "kicked" } | { kind: "gone"; message: string } | null;

/** How long an answer waits for its acknowledgement before the phone says it was not sent. */
const ANSWER_ACK_MS = 10_000;

/**
 * The answer inputs (shared with solo play, ~6 kB gz) load with the first question,
 * not with the game screen: a phone waiting in the lobby has no use for them. Loading starts when
 * such a question is shown for reading, so they are there when answering opens.
 */
const loadAnswerInput = () =>
  import("@/components/answer/answer-input").then((m) => {
    // The order and number inputs are lazy within that module: fetch them now too, so a question
    // of either kind is ready when answering opens.
    m.preloadAnswerInputs();
    return { default: m.AnswerInput };
  });
const AnswerInput = lazy(loadAnswerInput);

const pendingKey = (pin: string) => `${playerTokenKey(pin)}.pending`;

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function asPlayQuestion(q: PublicQuestion): PlayQuestion {
  return { id: String(q.index), position: q.index, type: q.data.type, prompt: q.prompt, points: q.points, timeLimit: q.timeLimitSeconds, imageUrl: q.imageUrl, imageAlt: q.imageAlt, hasHint: false, data: q.data };
}

/**
 * A player's phone during a live game. The resume token lives in localStorage per PIN, so a
 * reload, a reopened tab or a dropped connection comes back as the same player; an answer not yet
 * acknowledged is kept there too and sent again (same clientId: counted once) after reconnecting.
 */
export function PlayerGame({ pin, name, generated }: { pin: string; name: string | null; generated: boolean }) {
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
  const choice = useRef<{ name: string | null; generated: boolean }>({ name, generated });

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
      if (!c.generated && !c.name) {
        setEntry({ kind: "name" });
        return;
      }
      socket.emit("player:join", { pin, ...(c.generated ? {} : { nickname: c.name ?? "" }) }, (res) => {
        if (res.ok) {
          localStorage.setItem(playerTokenKey(pin), res.token);
          // A reload resumes with the token; it must not join again under the name in the URL.
          window.history.replaceState(null, "", `/game/${pin}`);
          adopt(res.state);
        } else onError(res.error);
      });
    };
    const onError = (e: ErrorPayload) => {
      if (e.code === "nickname_taken" || e.code === "nickname_rejected") setEntry({ kind: "name", error: errorText(e.code) });
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
    socket.on("player:kicked", () => {
      localStorage.removeItem(playerTokenKey(pin));
      setEntry({ kind: "kicked" });
      socket.disconnect();
    });
    return () => {
      socket.disconnect();
    };
  }, [pin, sendAnswer, setWhole, errorText]);

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

  if (entry?.kind === "name") {
    return (
      <Shell pin={pin}>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get("name");
            choice.current = { name: typeof value === "string" ? value : "", generated: false };
            socketRef.current?.emit("player:join", { pin, nickname: choice.current.name ?? "" }, (res) => {
              if (res.ok) {
                localStorage.setItem(playerTokenKey(pin), res.token);
                window.history.replaceState(null, "", `/game/${pin}`);
                setEntry(null);
                setWhole(res.state);
              } else setEntry(res.error.code === "nickname_taken" || res.error.code === "nickname_rejected" ? { kind: "name", error: errorText(res.error.code) } : { kind: "gone", message: errorText(res.error.code) });
            });
          }}
        >
          <h1 className="text-2xl font-extrabold">{t("pickName")}</h1>
          <label htmlFor="live-name" className="text-sm font-semibold">
            {t("nickname")}
          </label>
          <input
            id="live-name"
            name="name"
            required
            maxLength={NICKNAME_MAX}
            defaultValue={choice.current.name ?? ""}
            aria-invalid={entry.error ? true : undefined}
            aria-describedby={entry.error ? "live-name-error" : undefined}
            className="h-12 rounded-xl border border-zinc-300 bg-white px-4 text-lg font-semibold aria-invalid:border-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          {entry.error && (
            <p id="live-name-error" role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
              {entry.error}
            </p>
          )}
          <button type="submit" className={buttonClass("primary", "lg")}>
            {t("join")}
          </button>
          <button
            type="button"
            className={buttonClass("secondary", "lg")}
            onClick={() => {
              choice.current = { name: null, generated: true };
              socketRef.current?.emit("player:join", { pin }, (res) => {
                if (res.ok) {
                  localStorage.setItem(playerTokenKey(pin), res.token);
                  window.history.replaceState(null, "", `/game/${pin}`);
                  setEntry(null);
                  setWhole(res.state);
                } else setEntry({ kind: "gone", message: errorText(res.error.code) });
              });
            }}
          >
            <Shuffle className="size-4" aria-hidden />
            {t("useGenerated")}
          </button>
        </form>
      </Shell>
    );
  }
  if (entry) {
    return (
      <Shell pin={pin}>
        <div className="py-8 text-center" data-testid={entry.kind === "kicked" ? "player-kicked" : "player-gone"}>
          <XCircle className="mx-auto size-12 text-rose-500" aria-hidden />
          <p className="mt-4 text-xl font-bold">{entry.kind === "kicked" ? t("kicked") : t("gameGone")}</p>
          {entry.kind === "gone" && (
            <p className="mt-2 text-zinc-600 dark:text-zinc-400" data-testid="player-gone-reason">
              {entry.message}
            </p>
          )}
          <Link href="/join" className={buttonClass("secondary", "md", "mt-6")}>
            {t("joinAnother")}
          </Link>
        </div>
      </Shell>
    );
  }
  if (!view) {
    return (
      <Shell pin={pin}>
        {/* Server-rendered, so a phone on a slow network has something to read before the scripts
            and the connection are there; the largest text on the first screen (the page's LCP). */}
        <div className="py-8 text-center" data-testid="player-connecting">
          <p className="flex items-center justify-center gap-2 text-lg text-zinc-600 dark:text-zinc-400">
            <Loader2 className="size-5 animate-spin" aria-hidden />
            {t("connecting")}
          </p>
          <p className="mt-4 text-xl leading-relaxed font-semibold">{t("keepOpen")}</p>
        </div>
      </Shell>
    );
  }

  const me = view.me;
  return (
    <Shell
      pin={pin}
      bar={
        <div className="flex min-w-0 flex-1 items-center gap-2" data-testid="player-bar">
          <span className="min-w-0 flex-1 truncate text-base font-bold" data-testid="player-nickname">
            {me.nickname}
          </span>
          {!online && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="player-offline">
              <WifiOff className="size-4" aria-hidden />
              {t("reconnecting")}
            </span>
          )}
          <span className="rounded-full bg-zinc-100 px-3 py-1 tabular-nums dark:bg-zinc-800" data-testid="player-score" data-score={me.score}>
            {t("points", { count: me.score })}
          </span>
        </div>
      }
    >
      {error && (
        <p role="alert" className="mb-3 rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200" data-testid="player-error">
          {error}
        </p>
      )}
      <div data-testid="player-phase" data-phase={view.phase} data-stage={view.stage ?? ""} data-index={view.questionIndex}>
        {view.phase === "lobby" && (
          <div className="py-6 text-center">
            <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden />
            <h1 className="mt-3 text-2xl font-extrabold">{t("youreIn")}</h1>
            <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("seeNameOnScreen")}</p>
            {me.rerollsLeft > 0 && (
              <button type="button" className={buttonClass("secondary", "md", "mt-6")} onClick={reroll} data-testid="reroll">
                <Shuffle className="size-4" aria-hidden />
                {t("reroll", { count: me.rerollsLeft })}
              </button>
            )}
          </div>
        )}
        {view.phase === "question" && view.question && (
          <QuestionPanel
            view={view}
            question={view.question}
            value={current}
            onChange={(a) => setDraft({ index: view.questionIndex, answer: a })}
            onSubmit={submit}
            sending={sending && sending.questionIndex === view.questionIndex ? sending : null}
          />
        )}
        {view.phase === "reveal" && <RevealPanel view={view} />}
        {view.phase === "scoreboard" && (
          <div className="py-8 text-center" data-testid="player-standing">
            <p className="text-lg text-zinc-600 dark:text-zinc-400">{t("yourRank")}</p>
            <p className="text-6xl font-black tabular-nums">{me.rank}</p>
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("ofPlayers", { count: me.playerCount })}</p>
          </div>
        )}
        {(view.phase === "podium" || view.phase === "finished") && <FinalPanel view={view} />}
        {view.phase === "cancelled" && (
          <div className="py-8 text-center" data-testid="player-ended">
            <p className="text-xl font-bold">{t("ended")}</p>
            <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("finalScore", { score: me.score })}</p>
          </div>
        )}
      </div>
    </Shell>
  );
}

/** The player's screen takes the whole window (data-immersive); the brand mark is the way out. */
function Shell({ children, bar, pin }: { children: React.ReactNode; bar?: React.ReactNode; pin: string }) {
  const t = useTranslations("live");
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-lg flex-col px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]" data-immersive>
      <div className="mb-4 flex items-center gap-2 text-sm font-semibold">
        <BrandMark />
        {bar ?? (
          <span className="text-zinc-600 dark:text-zinc-400">
            {t("gamePin")} <span className="font-mono font-bold text-zinc-900 dark:text-zinc-100">{pin}</span>
          </span>
        )}
      </div>
      {children}
    </div>
  );
}

function QuestionPanel({
  view,
  question,
  value,
  onChange,
  onSubmit,
  sending,
}: {
  view: PlayerView;
  question: PublicQuestion;
  value: Answer | null;
  onChange: (a: Answer | null) => void;
  onSubmit: (tapped?: Answer) => void;
  sending: Pending | null;
}) {
  const t = useTranslations("live");
  const left = useCountdown(view.timing, 100);
  const words = { yes: t("true"), no: t("false") };
  const header = (
    <div className="mb-3 flex items-center justify-between text-sm font-semibold text-zinc-600 dark:text-zinc-400">
      <span>{t("questionOf", { n: question.index + 1, total: view.questionCount })}</span>
      {left !== null && (
        <span className={clsx("font-mono text-2xl font-black tabular-nums", view.stage === "answering" && left < 5000 ? "text-rose-600 dark:text-rose-400" : "text-zinc-900 dark:text-zinc-100")} data-testid="player-countdown">
          {Math.ceil(left / 1000)}
        </span>
      )}
    </div>
  );
  if (!view.inThisQuestion) {
    return (
      <div>
        {header}
        <p className="py-8 text-center text-lg font-semibold" data-testid="player-next-one">
          {t("nextOne")}
        </p>
      </div>
    );
  }
  if (view.answered) {
    return (
      <div>
        {header}
        <div className="py-8 text-center" role="status" data-testid="locked-in">
          <Lock className="mx-auto size-12 text-brand-600 dark:text-brand-400" aria-hidden />
          <p className="mt-3 text-2xl font-extrabold">{t("lockedIn")}</p>
          {view.yourAnswer !== null && (
            <p className="mt-2 text-lg font-semibold" data-testid="locked-in-answer">
              {answerText(view.yourAnswer, question, words)}
            </p>
          )}
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("lockedInHelp")}</p>
        </div>
      </div>
    );
  }
  const open = view.stage === "answering" && !view.timing?.paused;
  const oneTap = isOneTap(question.data.type);
  // Start loading the answer inputs as soon as a question is on screen (it is read before answering).
  void loadAnswerInput();
  return (
    <div>
      {header}
      <h1 className="mb-4 text-xl leading-snug font-bold" data-testid="player-prompt">
        {question.prompt}
      </h1>
      {question.imageUrl && <QuestionImage key={question.index} src={question.imageUrl} alt={question.imageAlt} box={PHONE_BOX} className="mb-4" />}
      {view.stage === "reading" ? (
        <p className="py-6 text-center text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("getReady")}</p>
      ) : view.timing?.paused ? (
        <p className="py-6 text-center text-lg font-semibold text-amber-600 dark:text-amber-400">{t("paused")}</p>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          data-testid="answer-form"
        >
          <Suspense fallback={<Loader2 className="mx-auto size-6 animate-spin text-zinc-500" aria-hidden />}>
          <AnswerInput
            question={asPlayQuestion(question)}
            value={value}
            onChange={onChange}
            onSubmit={() => onSubmit()}
            hint={null}
            disabled={!open || sending !== null}
            look="solid"
            oneTap={oneTap ? { onAnswer: (a) => onSubmit(a), busy: sending?.answer ?? null, busyLabel: t("lockingIn") } : undefined}
          />
          </Suspense>
          {!oneTap && (
            <button type="submit" className={buttonClass("primary", "lg", "w-full min-h-14 text-lg")} disabled={!open || sending !== null || !isComplete(question.data.type, value)} data-testid="submit-answer">
              {sending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : null}
              {sending ? t("lockingIn") : t("submit")}
            </button>
          )}
        </form>
      )}
    </div>
  );
}

function RevealPanel({ view }: { view: PlayerView }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const r = view.result;
  const words = { yes: t("true"), no: t("false") };
  if (!r) {
    return <p className="py-8 text-center text-lg font-semibold">{t("nextOne")}</p>;
  }
  const tone = r.correct ? "bg-emerald-600" : r.partial ? "bg-amber-500" : "bg-rose-600";
  return (
    <div className="space-y-4" data-testid="player-result" data-correct={String(r.correct)}>
      <div className={clsx("rounded-3xl p-6 text-center text-white", tone)}>
        {r.correct ? <CheckCircle2 className="mx-auto size-12" aria-hidden /> : <XCircle className="mx-auto size-12" aria-hidden />}
        <p className="mt-2 text-3xl font-black">{r.correct ? t("right") : !r.answered ? t("noAnswer") : r.partial ? t("partly") : t("wrong")}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="player-points">
          +{format.number(r.points)}
        </p>
        {r.streak > 1 && (
          <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-white/20 px-3 py-1 font-semibold">
            <Flame className="size-4" aria-hidden />
            {t("streak", { count: r.streak })}
          </p>
        )}
      </div>
      <p className="text-center text-lg font-semibold" data-testid="player-rank">
        {t("rankOf", { rank: view.me.rank, count: view.me.playerCount })}
      </p>
      <div className="rounded-2xl bg-zinc-100 p-4 dark:bg-zinc-800">
        <p className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">{t("revealAnswer")}</p>
        <p className="mt-1 text-lg font-bold">{keyText(r.key, view.question, words)}</p>
        {r.feedback?.map((text, i) => (
          <p key={i} className="mt-3 text-sm font-medium" data-testid="answer-feedback">
            {text}
          </p>
        ))}
        {r.explanation && <p className="mt-3 text-sm leading-relaxed">{r.explanation}</p>}
      </div>
    </div>
  );
}

function FinalPanel({ view }: { view: PlayerView }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const [shared, setShared] = useState<"idle" | "copied" | "manual">("idle");
  const manual = useRef<HTMLTextAreaElement>(null);
  const me = view.me;
  const text = t("shareText", { rank: me.rank, count: me.playerCount, score: me.score, title: view.quizTitle });
  useEffect(() => {
    if (shared === "manual") manual.current?.select();
  }, [shared]);
  const share = async () => {
    // The share sheet where the phone has one (it needs HTTPS); else the clipboard, else the text
    // selected for copying by hand.
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: view.quizTitle, text, url: window.location.origin });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") return; // the sheet was dismissed
      }
    }
    setShared(await copyText(`${text} ${window.location.origin}`));
  };
  return (
    <div className="py-4 text-center" data-testid="player-final" data-rank={me.rank}>
      <Trophy className={clsx("mx-auto size-16", me.rank <= 3 ? "text-amber-500" : "text-zinc-400")} aria-hidden />
      <p className="mt-3 text-lg text-zinc-600 dark:text-zinc-400">{t("finalRank")}</p>
      <p className="text-6xl font-black tabular-nums">{me.rank}</p>
      <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("ofPlayers", { count: me.playerCount })}</p>
      <p className="mt-4 text-2xl font-bold tabular-nums" data-testid="player-final-score">
        {t("finalScore", { score: me.score })}
      </p>
      {view.podium && (
        <ol className="mx-auto mt-6 max-w-xs space-y-2 text-left">
          {view.podium.map((p) => (
            <li key={p.rank} className="flex items-center gap-3 rounded-xl bg-zinc-100 px-4 py-2 font-semibold dark:bg-zinc-800">
              <span className="font-mono text-brand-600 dark:text-brand-400">{p.rank}</span>
              <span className="flex-1 truncate">{p.nickname}</span>
              <span className="tabular-nums">{format.number(p.score)}</span>
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={() => void share()} className={buttonClass("primary", "lg", "mt-6")} data-testid="share-result">
        <Share2 className="size-5" aria-hidden />
        {shared === "copied" ? t("copied") : t("share")}
      </button>
      {shared === "manual" && (
        <label className="mx-auto mt-4 block max-w-sm text-left text-sm font-semibold">
          {t("shareManual")}
          <textarea
            ref={manual}
            readOnly
            rows={3}
            value={`${text} ${window.location.origin}`}
            className="mt-1 w-full rounded-xl border border-zinc-300 bg-white p-2 font-normal dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="share-manual"
          />
        </label>
      )}
      <span role="status" className="sr-only">
        {shared === "copied" ? t("copied") : ""}
      </span>
    </div>
  );
}
