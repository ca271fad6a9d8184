import type { Answer } from "@/core/grading";
import { pollCounts } from "@/core/question";
import { CLOUD_ANSWERS_READ, wordCloud } from "@/core/wordcloud";
import { isUuid } from "@/core/ids";
import {
  applyAnswer,
  hintView,
  isAbandoned,
  misplacedAnswerError,
  owns,
  type AnswerOutcome,
  type AttemptView,
  type Feedback,
  type HintView,
  type PlayError,
  type PlayerIdentity,
  type PlayResult,
  type QuestionRecord,
} from "@/core/play/attempt";
import type { AttemptStore, AttemptTx, PlayQuiz, StoredAttempt } from "@/core/play/attempt-store";
import { answerFate, attemptView, expiresOnRead, hintRefusal } from "@/core/play/flow";
import { publicTexts, withRich } from "./rich-text";

/** Feedback with the HTML of its formatted texts (the explanation, each option's feedback). */
const richFeedback = (f: Feedback): Feedback => withRich(f, [f.explanation, ...f.feedback, ...(f.poll ?? []).map((b) => b.text)]);

/**
 * Solo play's steps (docs/rules.md §4, §9): each one transaction of an AttemptStore, in which the
 * attempt is loaded and held, the rules of src/core/play decide, and what they return is stored.
 * No clock is read here: every step is given its `now`.
 */

const fail = <T>(error: PlayError): PlayResult<T> => ({ ok: false, error });

/** An attempt, its quiz, and the question being played and the one after it (not the whole quiz). */
type Loaded = { attempt: StoredAttempt; quiz: PlayQuiz; current?: QuestionRecord; following?: QuestionRecord };

async function withQuestions(tx: AttemptTx, attempt: StoredAttempt, quiz: PlayQuiz): Promise<Loaded> {
  if (attempt.status !== "in_progress") return { attempt, quiz };
  const [current, following] = await tx.questionsFrom(quiz.id, attempt.currentPosition, 2);
  return { attempt, quiz, current, following };
}

async function loadOwned(tx: AttemptTx, attemptId: string, who: PlayerIdentity, now: Date): Promise<PlayResult<Loaded>> {
  if (!isUuid(attemptId)) return fail("not_found");
  const row = await tx.lockAttempt(attemptId);
  if (!row) return fail("not_found");
  if (!owns(row.attempt, who)) return fail("forbidden");
  if (isAbandoned(row.attempt, now)) {
    const abandoned = await tx.updateAttempt(attemptId, { status: "abandoned", questionStartedAt: null });
    return { ok: true, value: { attempt: abandoned, quiz: row.quiz } };
  }
  return { ok: true, value: await withQuestions(tx, row.attempt, row.quiz) };
}

/**
 * Records one answer (null: none, as when time ran out) to the current question as the rules
 * grade it, and moves the attempt on; the last answer finishes the attempt.
 */
async function record(tx: AttemptTx, { attempt, quiz, current, following }: Loaded, answer: Answer | null, now: Date) {
  const q = current as QuestionRecord;
  const step = applyAnswer(attempt, quiz, q, answer, now);
  const updated = await tx.recordAnswer(attempt, q.id, step.record, step.patch);
  // A poll's result is how everyone who played it voted, this vote included.
  // A word cloud's, the words everyone gave (the latest answers), this answer's included.
  const feedback =
    q.data.type === "poll"
      ? { ...step.feedback, poll: pollCounts(q.data.options, [], await tx.optionVotes(q.id)) }
      : q.data.type === "wordcloud"
        ? { ...step.feedback, cloud: wordCloud(await tx.wordAnswers(q.id, CLOUD_ANSWERS_READ), q.data.maxWords) }
        : step.feedback;
  return { feedback: richFeedback(feedback), after: { attempt: updated, quiz, current: step.finished ? undefined : following } as Loaded };
}

/** The attempt as its player sees it; `deliver` shows the current question and starts its clock. */
async function view(tx: AttemptTx, loaded: Loaded, now: Date, deliver: boolean, expired: Feedback | null): Promise<AttemptView> {
  const { view: shown, startClock } = attemptView(loaded.attempt, loaded.quiz, loaded.current, now, deliver, expired);
  if (startClock) await tx.updateAttempt(loaded.attempt.id, { questionStartedAt: now, updatedAt: now });
  return shown.question ? withRich(shown, [...publicTexts(shown.question.prompt, shown.question.data), shown.hint?.text]) : shown;
}

/** Starts a play of a published quiz that the link may see (public or unlisted; private: its owner). */
export async function createAttempt(
  store: AttemptStore,
  input: { quizSlug: string; who: PlayerIdentity; nickname: string; now: Date },
): Promise<{ id: string } | null> {
  const quizId = await store.findPlayableQuiz(input.quizSlug, input.who);
  if (!quizId) return null;
  return store.insertAttempt({ quizId, who: input.who, nickname: input.nickname, challengeId: null, now: input.now });
}

/**
 * Reads an attempt for its player. A current question whose time ran out while the player was
 * away is recorded as unanswered first (reported in `expired`), so a reload never gives a second
 * chance at it.
 */
export async function readAttempt(
  store: AttemptStore,
  attemptId: string,
  who: PlayerIdentity,
  opts: { deliver: boolean; now: Date },
): Promise<PlayResult<AttemptView>> {
  const { now } = opts;
  return store.transaction(async (tx) => {
    const loaded = await loadOwned(tx, attemptId, who, now);
    if (!loaded.ok) return loaded;
    let current = loaded.value;
    let expired: Feedback | null = null;
    if (expiresOnRead(current.attempt, current.quiz, current.current, now)) {
      const recorded = await record(tx, current, null, now);
      expired = recorded.feedback;
      current =
        recorded.after.current || recorded.after.attempt.status !== "in_progress" ? recorded.after : await withQuestions(tx, recorded.after.attempt, current.quiz);
    }
    return { ok: true, value: await view(tx, current, now, opts.deliver, expired) };
  });
}

/** Grades an answer to the current question (docs/rules.md §8 errors as `error`). */
export async function answerQuestion(
  store: AttemptStore,
  attemptId: string,
  who: PlayerIdentity,
  input: { questionId: string; answer: unknown; usedHint?: boolean },
  opts: { deliverNext: boolean; now: Date },
): Promise<PlayResult<AnswerOutcome>> {
  const { now } = opts;
  return store.transaction(async (tx) => {
    const loaded = await loadOwned(tx, attemptId, who, now);
    if (!loaded.ok) return loaded;
    const { attempt, quiz, current } = loaded.value;
    const fate = answerFate(attempt, quiz, current, input, now);
    if (fate.fate === "misplaced") return fail(misplacedAnswerError(attempt.status, await tx.hasAnswer(attempt.id, input.questionId)));
    if (fate.fate === "refused") return fail(fate.error);
    const { feedback, after } = await record(tx, { ...loaded.value, attempt: { ...attempt, currentHintUsed: fate.usedHint } }, fate.answer, now);
    // A late answer: the unanswered result is kept (no second chance), and the player is told.
    if (fate.late) return fail("answer_too_late");
    return { ok: true, value: { feedback, next: await view(tx, after, now, opts.deliverNext, null) } };
  });
}

/** Takes the hint of the current question: from now on it is worth half (docs/rules.md §9). */
export async function takeHint(
  store: AttemptStore,
  attemptId: string,
  who: PlayerIdentity,
  opts: { now: Date },
): Promise<PlayResult<{ questionId: string; hint: HintView }>> {
  return store.transaction(async (tx) => {
    const loaded = await loadOwned(tx, attemptId, who, opts.now);
    if (!loaded.ok) return loaded;
    const { attempt, current } = loaded.value;
    const refusal = hintRefusal(attempt, current);
    if (refusal || !current) return fail(refusal ?? "finished");
    if (!attempt.currentHintUsed) await tx.updateAttempt(attempt.id, { currentHintUsed: true, updatedAt: opts.now });
    return { ok: true, value: { questionId: current.id, hint: withRich(hintView(current, attempt.id), [current.hint]) } };
  });
}

/** Ends an attempt early: the questions left count as unanswered. */
export async function finishAttempt(store: AttemptStore, attemptId: string, who: PlayerIdentity, opts: { now: Date }): Promise<PlayResult<{ id: string }>> {
  return store.transaction(async (tx) => {
    let loaded = await loadOwned(tx, attemptId, who, opts.now);
    if (!loaded.ok) return loaded;
    while (loaded.value.attempt.status === "in_progress") {
      const { after } = await record(tx, loaded.value, null, opts.now);
      loaded = { ok: true, value: await withQuestions(tx, after.attempt, after.quiz) };
    }
    return { ok: true, value: { id: attemptId } };
  });
}
