"use server";

import type { OptimizerOutcome } from "@/core/study/optimizer";
import type { StudyRated, StudyReveal } from "@/core/study/session";
import type { StudySettings } from "@/core/study/settings";
import { runAction, type ActionResult } from "../action-result";
import { adoptDeviceTimeZone, optimizeMemberParameters, studyAnswer, studyRate, updateStudySettings } from "../study";
import { deviceTimeZoneInput, studyAnswerInput, studyReviewInput } from "../study-schemas";

/** Grades an answer, or reveals the card when the answer is null: the key comes back only now. */
export async function studyAnswerAction(slug: string, input: unknown): Promise<ActionResult<StudyReveal>> {
  return runAction(() => studyAnswer(String(slug), studyAnswerInput.parse(input)));
}

export async function studyRateAction(slug: string, input: unknown): Promise<ActionResult<StudyRated>> {
  return runAction(() => studyRate(String(slug), studyReviewInput.parse(input)));
}

export async function studySettingsAction(input: unknown): Promise<ActionResult<StudySettings>> {
  return runAction(() => updateStudySettings(input));
}

/** Fits the member's FSRS parameters to their reviews; the old ones stay unless the new fit better. */
export async function studyOptimizeAction(): Promise<ActionResult<OptimizerOutcome>> {
  return runAction(() => optimizeMemberParameters());
}

/** A member with no saved settings: their device's zone becomes the study day's (members only). */
export async function studyDeviceZoneAction(input: unknown): Promise<ActionResult<{ adopted: boolean }>> {
  return runAction(() => adoptDeviceTimeZone(deviceTimeZoneInput.parse(input)));
}
