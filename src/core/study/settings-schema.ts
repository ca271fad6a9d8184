import { z } from "../zod";
import { canonicalTimeZone, isTimeZone, MAX_RETENTION, MIN_RETENTION } from "./settings";

/** A time zone as a form or a browser sends it, stored under its canonical name. */
export const timeZoneInput = z
  .string()
  .refine(isTimeZone, "time_zone_unknown")
  .transform((tz) => canonicalTimeZone(tz) ?? tz);

/** What a member may change (the weights come only from the optimizer). */
export const studySettingsInput = z.object({
  desiredRetention: z.number().min(MIN_RETENTION).max(MAX_RETENTION),
  newPerDay: z.number().int().min(0).max(1000),
  maxReviewsPerDay: z.number().int().min(0).max(10000),
  timeZone: timeZoneInput,
});
export type StudySettingsInput = z.infer<typeof studySettingsInput>;
