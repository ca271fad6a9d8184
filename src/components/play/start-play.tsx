"use client";

import { Play, StepForward } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { startPlayAction } from "@/server/actions/play";
import { NicknameField } from "./nickname-field";
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
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const router = useRouter();
  const [nickname, setNickname] = useState(remembered ?? "");
  const [editing, setEditing] = useState(!remembered);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const id = useId();
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

  const start = () =>
    startTransition(async () => {
      setError(null);
      const res = await startPlayAction(slug, { nickname });
      if (res.ok) router.push(`/play/${res.value.id}`);
      // The server's field messages are English: say it in the viewer's language from the code.
      else if (res.fieldCodes?.nickname) setError(fieldText(res.fieldCodes.nickname[0]));
      else setError(errorText(res.code));
    });

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
      noValidate
    >
      <NicknameField id={id} nickname={nickname} onNickname={setNickname} editing={editing} onEdit={() => setEditing(true)} error={error} />
      {open && (
        <Link href={`/play/${open.id}`} className={buttonClass("primary", "lg", "w-full")} data-testid="continue-play">
          <StepForward className="size-5" aria-hidden />
          {t("continue")}
          <span className="font-medium whitespace-nowrap opacity-90">· {t("continueAt", { n: Math.min(open.position + 1, open.total), total: open.total })}</span>
        </Link>
      )}
      <button type="submit" className={buttonClass(open ? "secondary" : "primary", "lg", "w-full")} disabled={pending} data-testid="play">
        <Play className="size-5 fill-current" aria-hidden />
        {open ? t("startOver") : t("play")}
      </button>
    </form>
  );
}
