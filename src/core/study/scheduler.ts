/**
 * Study mode's scheduler: FSRS through ts-fsrs, with Quizdeck's defaults (fuzz on, Anki-like
 * learning and relearning steps) and the member's desired retention. Pure: cards in, cards out.
 */
import {
  createEmptyCard,
  fsrs,
  Rating,
  State,
  StrategyMode,
  type Card,
  type FSRS,
  type Grade,
  type ReviewLog,
  type StepUnit,
} from "ts-fsrs";
import { RATINGS, type StudyRating } from "./ratings";
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from "./settings";

export { RATINGS, ratingOfNumber, type StudyRating } from "./ratings";

export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** 1–4 as Anki and ts-fsrs number them (the keyboard keys too). */
export const RATING_NUMBER: Record<StudyRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A card's memory state as Quizdeck stores it (one per member and question). */
export type CardMemory = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardState;
  lastReview: Date | null;
};

export type ReviewRecord = {
  rating: StudyRating;
  /** The card's state before this review. */
  state: CardState;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reviewedAt: Date;
};

/** Anki's defaults: new cards are seen again after 1 and 10 minutes, a lapse after 10 minutes. */
export const LEARNING_STEPS: readonly StepUnit[] = ["1m", "10m"];
export const RELEARNING_STEPS: readonly StepUnit[] = ["10m"];
/** A century, as Anki: the scheduler's own cap is the only one. */
export const MAXIMUM_INTERVAL_DAYS = 36500;

const STATE_OF: Record<State, CardState> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const STATE_NUMBER: Record<CardState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

export type SchedulerOptions = Pick<StudySettings, "desiredRetention" | "weights"> & { fuzz?: boolean };

/**
 * An FSRS instance for one member's settings. Fuzz is seeded by the card's key and its review
 * count (not the clock), so the interval a button shows is the one the review then gives.
 */
export function schedulerFor(options: SchedulerOptions = DEFAULT_STUDY_SETTINGS): FSRS {
  const f = fsrs({
    request_retention: options.desiredRetention,
    maximum_interval: MAXIMUM_INTERVAL_DAYS,
    enable_fuzz: options.fuzz ?? true,
    enable_short_term: true,
    learning_steps: LEARNING_STEPS,
    relearning_steps: RELEARNING_STEPS,
    ...(options.weights ? { w: options.weights } : {}),
  });
  return f.useStrategy(StrategyMode.SEED, function (this) {
    const current = (this as unknown as { current: Card & { seed_key?: string } }).current;
    return `${current.seed_key ?? ""}:${current.reps}`;
  });
}

export function newCardMemory(now: Date): CardMemory {
  return fromTs(createEmptyCard(now));
}

function toTs(card: CardMemory, seedKey: string): Card & { seed_key: string } {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NUMBER[card.state],
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
    seed_key: seedKey,
  };
}

function fromTs(card: Card): CardMemory {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    lastReview: card.last_review ?? null,
  };
}

function logOf(log: ReviewLog): ReviewRecord {
  return {
    rating: RATINGS[(log.rating as number) - 1] as StudyRating,
    state: STATE_OF[log.state],
    due: log.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    scheduledDays: log.scheduled_days,
    learningSteps: log.learning_steps,
    reviewedAt: log.review,
  };
}

/** The card after one review, and the log line that records it. `seedKey`: the card's stable key. */
export function reviewCard(
  scheduler: FSRS,
  card: CardMemory,
  seedKey: string,
  rating: StudyRating,
  now: Date,
): { card: CardMemory; log: ReviewRecord } {
  const next = scheduler.next(toTs(card, seedKey), now, RATING_NUMBER[rating]);
  return { card: fromTs(next.card), log: logOf(next.log) };
}

/** When each button would bring the card back. */
export function previewDue(scheduler: FSRS, card: CardMemory, seedKey: string, now: Date): Record<StudyRating, Date> {
  const preview = scheduler.repeat(toTs(card, seedKey), now);
  return {
    again: preview[Rating.Again].card.due,
    hard: preview[Rating.Hard].card.due,
    good: preview[Rating.Good].card.due,
    easy: preview[Rating.Easy].card.due,
  };
}

/** The chance the learner recalls the card now (0 for a card never reviewed). */
export function retrievability(scheduler: FSRS, card: CardMemory, seedKey: string, now: Date): number {
  return scheduler.get_retrievability(toTs(card, seedKey), now, false);
}
