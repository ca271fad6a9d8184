"use client";

import { Play, StepForward } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import { startPlayAction } from "@/server/actions/play";
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
      {editing ? (
        <div>
          <label htmlFor={`${id}-nick`} className="mb-1 block text-sm font-semibold">
            {t("nickname")}
          </label>
          <input
            id={`${id}-nick`}
            value={nickname}
            onChange={(e) => setNickname(e.target.value)}
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : `${id}-help`}
            className="h-11 w-full rounded-xl border border-zinc-300 bg-white px-3 focus:border-brand-500 aria-invalid:border-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          {error ? (
            <p id={`${id}-err`} role="alert" className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
              {error}
            </p>
          ) : (
            <p id={`${id}-help`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {t("nicknameHelp", { max: NICKNAME_MAX })}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("playingAs", { nickname })}{" "}
          <button type="button" className="font-semibold text-brand-700 underline dark:text-brand-300" onClick={() => setEditing(true)}>
            {t("change")}
          </button>
        </p>
      )}
      {!editing && error && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
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
