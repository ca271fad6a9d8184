"use client";

import { useTranslations } from "next-intl";
import { NICKNAME_MAX } from "@/core/nickname-limits";

/**
 * The nickname a player starts with (solo play, a challenge): asked the first time, then shown as
 * "Playing as …" with Change. The form owns the value, the editing switch and the error.
 */
export function NicknameField({
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
