"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { startPlayAction } from "@/server/actions/play";
import { ContinueLink } from "./continue-link";
import { StartForm } from "./start-form";
import { forgetOpenAttempt, readOpenAttempt, type OpenAttempt } from "./open-attempt";

/** Play: asks a guest for a nickname the first time (then remembers it), and starts an attempt. */
export function StartPlay({
  slug,
  nickname: remembered,
  open: fromServer,
}: {
  slug: string;
  nickname: string | null;
  /** An attempt this player has in progress: "Continue" resumes it at its current question. */
  open?: { id: string; position: number; total: number } | null;
}) {
  const t = useTranslations("start");
  const router = useRouter();
  // Right after Back this page comes from Next's router cache, rendered before the attempt began:
  // the play screen's note in sessionStorage says an attempt is open, so Continue shows at once and
  // the page asks the server again (router.refresh). The server's answer wins: if it still has no
  // attempt in progress (finished or expired meanwhile), the note is stale and is dropped.
  const [stored, setStored] = useState<OpenAttempt | null>(null);
  const [checking, startCheck] = useTransition();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const read = () => setStored(readOpenAttempt(slug));
    read();
    window.addEventListener("pageshow", read);
    return () => window.removeEventListener("pageshow", read);
  }, [slug]);
  const disagree = stored !== null && fromServer?.id !== stored.id;
  useEffect(() => {
    if (!disagree || checked) return;
    setChecked(true);
    startCheck(() => router.refresh());
  }, [disagree, checked, router]);
  useEffect(() => {
    if (checked && !checking && disagree && !fromServer) {
      forgetOpenAttempt(slug);
      setStored(null);
    }
  }, [checked, checking, disagree, fromServer, slug]);
  const open = fromServer ?? stored;

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
