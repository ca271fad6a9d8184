"use server";

import type { ReactNode } from "react";
import { DeckList, StudyTiles } from "@/components/study/dashboard-parts";
import { StudyStripSection } from "@/components/study/study-strip";
import type { GuestStudySummary } from "@/core/study/decks";
import { runAction } from "@/server/action-result";
import { guestStudy } from "@/server/study";
import { guestStudyInput } from "@/server/study-schemas";

/**
 * A guest's strip and dashboard, drawn on the server from what their browser keeps
 * (src/components/study/guest-study-view.tsx): the same components as a member's, so the browser
 * gets markup and not the code and messages to make it. Null when there is nothing to show (no
 * decks left, or input that does not pass the schema).
 */
async function load(summary: GuestStudySummary) {
  const result = await runAction(async () => guestStudy(guestStudyInput.parse(summary)));
  return result.ok ? result.value : null;
}

export async function guestStudyStripView(summary: GuestStudySummary): Promise<ReactNode> {
  const study = await load(summary);
  return study?.strip ? <StudyStripSection strip={study.strip} now={study.now} /> : null;
}

export async function guestStudyDashboardView(summary: GuestStudySummary): Promise<ReactNode> {
  const study = await load(summary);
  if (!study || study.dashboard.decks.length === 0) return null;
  return (
    <div className="space-y-8">
      <StudyTiles decks={study.dashboard.decks} today={study.dashboard.today} streak={study.dashboard.streak} />
      <DeckList decks={study.dashboard.decks} />
    </div>
  );
}
