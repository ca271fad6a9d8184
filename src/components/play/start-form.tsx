"use client";

import Play from "lucide-react/icons/play";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import type { startPlayAction } from "@/server/actions/play";

/** What starting an attempt answers (solo play's action and a challenge's alike). */
type Started = Awaited<ReturnType<typeof startPlayAction>>;
type Refused = Extract<Started, { ok: false }>;

/**
 * A start form (solo play, a challenge): the nickname box, what goes between (Continue), and the
 * start button; a started attempt opens on the play screen. `start` sends the nickname; an error
 * `onRefused` says elsewhere returns true, any other shows under the nickname box in the viewer's
 * language (the server's messages are English).
 */
export function StartForm({
  remembered,
  start,
  onRefused,
  label,
  testId,
  secondary,
  children,
}: {
  remembered: string | null;
  start: (nickname: string) => Promise<Started>;
  onRefused?: (res: Refused) => boolean;
  label: string;
  testId: string;
  secondary: boolean;
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const router = useRouter();
  const id = useId();
  const [nickname, setNickname] = useState(remembered ?? "");
  const [editing, setEditing] = useState(!remembered);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = () =>
    startTransition(async () => {
      setError(null);
      const res = await start(nickname);
      if (res.ok) router.push(`/play/${res.value.id}`);
      else if (res.fieldCodes?.nickname) setError(fieldText(res.fieldCodes.nickname[0]));
      else if (!onRefused?.(res)) setError(errorText(res.code));
    });
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <NicknameField id={id} nickname={nickname} onNickname={setNickname} editing={editing} onEdit={() => setEditing(true)} error={error} />
      {children}
      <button type="submit" className={buttonClass(secondary ? "secondary" : "primary", "lg", "w-full")} disabled={pending} data-testid={testId}>
        <Play className="size-5 fill-current" aria-hidden />
        {label}
      </button>
    </form>
  );
}

/**
 * The nickname a player starts with (solo play, a challenge): asked the first time, then shown as
 * "Playing as …" with Change. The form owns the value, the editing switch and the error.
 */
function NicknameField({
  id,
  nickname,
  onNickname,
  editing,
  onEdit,
  error,
}: {
  id: string;
  nickname: string;
  onNickname: (value: string) => void;
  editing: boolean;
  onEdit: () => void;
  error: string | null;
}) {
  const t = useTranslations("start");
  return (
    <>
      {editing ? (
        <div>
          <label htmlFor={`${id}-nick`} className="mb-1 block text-sm font-semibold">
            {t("nickname")}
          </label>
          <input
            id={`${id}-nick`}
            value={nickname}
            onChange={(e) => onNickname(e.target.value)}
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
          <button type="button" className="font-semibold text-brand-700 underline dark:text-brand-300" onClick={onEdit}>
            {t("change")}
          </button>
        </p>
      )}
      {!editing && error && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </>
  );
}
