import { guestStudySummary, type GuestStudySummary } from "@/core/study/decks";
import { browserTimeZone, loadGuestProgress } from "./guest-store";

/**
 * What this browser keeps of a guest's study, summed up for the server to draw (null: nothing
 * kept). Its own module so that pages load IndexedDB's wrapper and the day rules only for a
 * guest who studied (src/components/study/guest-study-view.tsx imports it when it runs).
 */
export async function readGuestSummary(): Promise<GuestStudySummary | null> {
  const progress = await loadGuestProgress();
  return progress.cards.length === 0 ? null : guestStudySummary(progress, new Date(), browserTimeZone());
}
