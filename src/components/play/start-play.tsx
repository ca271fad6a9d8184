"use client";

import { useTranslations } from "next-intl";
import { startPlayAction } from "@/server/actions/play";
import { ContinueLink } from "./continue-link";
import { StartForm } from "./start-form";

/** Play: asks a guest for a nickname the first time (then remembers it), and starts an attempt. */
export function StartPlay({
  slug,
  nickname: remembered,
  open,
}: {
  slug: string;
  nickname: string | null;
  /** An attempt this player has in progress: "Continue" resumes it at its current question. */
  open?: { id: string; position: number; total: number } | null;
}) {
  const t = useTranslations("start");
  return (
    <StartForm
      remembered={remembered}
      start={(nickname) => startPlayAction(slug, { nickname })}
      label={open ? t("startOver") : t("play")}
      testId="play"
      secondary={Boolean(open)}
    >
      {open && <ContinueLink open={open} />}
    </StartForm>
  );
}
