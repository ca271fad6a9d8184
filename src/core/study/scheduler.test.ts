import { describe, expect, it } from "vitest";
import { newCardMemory, previewDue, ratingOfNumber, reviewCard, schedulerFor, type CardMemory, type StudyRating } from "./scheduler";
import { DEFAULT_STUDY_SETTINGS } from "./settings";

// ts-fsrs's own FSRS-6 reference (its __tests__/FSRS-6.test.ts, from fsrs-rs's inference tests):
// these parameters, these ratings, these intervals and memory states.
const W = [
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729,
  0.5425, 0.0912, 0.0658, 0.1542,
];
const T0 = new Date(Date.UTC(2022, 11, 29, 12, 30));
const DAY = 86_400_000;
const ref = () => schedulerFor({ desiredRetention: 0.9, weights: W, fuzz: false });

describe("FSRS through ts-fsrs", () => {
  it("gives the reference interval history", () => {
    const f = ref();
    const ratings: StudyRating[] = ["good", "good", "good", "good", "good", "good", "again", "again", "good", "good", "good", "good", "good"];
    let card = newCardMemory(T0);
    let now = T0;
    const intervals: number[] = [];
    for (const rating of ratings) {
      card = reviewCard(f, card, "k", rating, now).card;
      intervals.push(card.scheduledDays);
      now = card.due;
    }
    expect(intervals).toEqual([0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]);
  });

  it("gives the reference memory state after again, good ×5 on days 0, 0, 1, 3, 8, 21", () => {
    const f = ref();
    const ratings: StudyRating[] = ["again", "good", "good", "good", "good", "good"];
    const gaps = [0, 0, 1, 3, 8, 21];
    let card = newCardMemory(T0);
    let now = T0;
    ratings.forEach((rating, i) => {
      now = new Date(now.getTime() + gaps[i]! * DAY);
      card = reviewCard(f, card, "k", rating, now).card;
    });
    expect(card.stability).toBeCloseTo(53.62691, 4);
    expect(card.difficulty).toBeCloseTo(6.3574867, 4);
    expect(card).toMatchObject({ reps: 6, lapses: 0, state: "review" });
  });

  it("first review of a new card: the reference stabilities, difficulties and states", () => {
    const f = ref();
    const card = newCardMemory(T0);
    const out = (["again", "hard", "good", "easy"] as const).map((r) => reviewCard(f, card, "k", r, T0).card);
    expect(out.map((c) => c.stability)).toEqual([0.212, 1.2931, 2.3065, 8.2956]);
    expect(out.map((c) => c.difficulty)).toEqual([6.4133, 5.11217071, 2.11810397, 1]);
    expect(out.map((c) => c.state)).toEqual(["learning", "learning", "learning", "review"]);
    // The learning steps: again 1 min, hard 6 min (between the 1 and 10 min steps), good 10 min.
    expect(out.slice(0, 3).map((c) => (c.due.getTime() - T0.getTime()) / 60_000)).toEqual([1, 6, 10]);
  });

  it("a lapse goes to relearning for the 10-minute step and counts", () => {
    const f = schedulerFor(DEFAULT_STUDY_SETTINGS);
    let card: CardMemory = reviewCard(f, newCardMemory(T0), "k", "easy", T0).card;
    const later = card.due;
    card = reviewCard(f, card, "k", "again", later).card;
    expect(card).toMatchObject({ state: "relearning", lapses: 1 });
    expect(card.due.getTime() - later.getTime()).toBe(10 * 60_000);
  });

  it("with fuzz, what a button shows is what the review gives, and the same for the same card", () => {
    const f = schedulerFor(DEFAULT_STUDY_SETTINGS);
    let card = newCardMemory(T0);
    let now = T0;
    for (const r of ["good", "good", "good", "good"] as const) {
      const shown = previewDue(f, card, "question-1", now);
      const after = reviewCard(f, card, "question-1", r, now);
      expect(after.card.due).toEqual(shown[r]);
      card = after.card;
      now = card.due;
    }
    expect(card.scheduledDays).toBeGreaterThan(10);
  });

  it("higher desired retention brings cards back sooner", () => {
    const reviewed = (retention: number) => {
      const f = schedulerFor({ desiredRetention: retention, weights: null, fuzz: false });
      let card = reviewCard(f, newCardMemory(T0), "k", "easy", T0).card;
      card = reviewCard(f, card, "k", "good", card.due).card;
      return card.scheduledDays;
    };
    expect(reviewed(0.97)).toBeLessThan(reviewed(0.9));
    expect(reviewed(0.9)).toBeLessThan(reviewed(0.7));
  });

  it.each([
    [1, "again"],
    [2, "hard"],
    [3, "good"],
    [4, "easy"],
    [0, null],
    [5, null],
  ])("key %i rates %s", (n, rating) => {
    expect(ratingOfNumber(n)).toBe(rating);
  });
});
