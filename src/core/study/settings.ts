/**
 * A member's study settings; guests use the defaults. No schema here: client pages (the settings
 * form, the study session) import these values, and zod would come with them (~90 kB gz); the
 * inputs' schemas are in settings-schema.ts, which only the server imports.
 */
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

/**
 * The zone's canonical IANA name ("asia/tokyo" → "Asia/Tokyo", "Etc/UTC" → "UTC"), or null when
 * it is not a zone this runtime's time-zone database knows ("Tokyo", "GMT+25").
 */
export function canonicalTimeZone(tz: string): string | null {
  if (!tz || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (tz: string): boolean => canonicalTimeZone(tz) !== null;

/** Every zone to choose from: the runtime's IANA list, with UTC first. */
export function timeZoneChoices(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
}
