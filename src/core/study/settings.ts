import { z } from "../zod";

/** A member's study settings; guests use the defaults. */
export type StudySettings = {
  /** The chance of recalling a card when it comes due: higher means more reviews. */
  desiredRetention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
  /** The member's own FSRS parameters, or null for ts-fsrs's defaults. */
  weights: number[] | null;
  /** IANA time zone: a study day starts at DAY_STARTS_AT_HOUR there. */
  timeZone: string;
};

export const MIN_RETENTION = 0.7;
export const MAX_RETENTION = 0.97;

export const DEFAULT_STUDY_SETTINGS: StudySettings = {
  desiredRetention: 0.9,
  newPerDay: 20,
  maxReviewsPerDay: 200,
  weights: null,
  timeZone: "UTC",
};

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** What a member may change (the weights come only from the optimizer). */
export const studySettingsInput = z.object({
  desiredRetention: z.number().min(MIN_RETENTION).max(MAX_RETENTION),
  newPerDay: z.number().int().min(0).max(1000),
  maxReviewsPerDay: z.number().int().min(0).max(10000),
  timeZone: z.string().max(64).refine(isTimeZone, "Not a known time zone."),
});
export type StudySettingsInput = z.infer<typeof studySettingsInput>;
