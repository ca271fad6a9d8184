"use client";

import Loader2 from "lucide-react/icons/loader-circle";
import Shuffle from "lucide-react/icons/shuffle";
import XCircle from "lucide-react/icons/circle-x";
import { useTranslations } from "next-intl";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { IDENTIFIER_MAX } from "@/core/live/limits";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import type { Entry } from "./use-player-game";

/** The server refused the name (taken, or not allowed) or the URL brought none: pick one. */
export function NameForm({
  error,
  chosenName,
  identifierLabel = null,
  chosenIdentifier = null,
  onJoin,
  onGenerated,
}: {
  error: string | undefined;
  chosenName: string | null;
  /** The host's extra field (a student number, say); null: the game asks none. */
  identifierLabel?: string | null;
  chosenIdentifier?: string | null;
  onJoin: (name: FormDataEntryValue | null, identifier: FormDataEntryValue | null) => void;
  onGenerated: (identifier: FormDataEntryValue | null) => void;
}) {
  const t = useTranslations("live");
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onJoin(data.get("name"), data.get("identifier"));
      }}
    >
      <h1 className="text-2xl font-extrabold">{t("pickName")}</h1>
      {identifierLabel && <IdentifierField label={identifierLabel} defaultValue={chosenIdentifier} id="live-identifier" />}
      <label htmlFor="live-name" className="text-sm font-semibold">
        {t("nickname")}
      </label>
      <input
        id="live-name"
        name="name"
        required
        maxLength={NICKNAME_MAX}
        defaultValue={chosenName ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "live-name-error" : undefined}
        className="h-12 rounded-xl border border-zinc-300 bg-white px-4 text-lg font-semibold aria-invalid:border-rose-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
      {error && (
        <p id="live-name-error" role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass("primary", "lg")}>
        {t("join")}
      </button>
      <button
        type="button"
        className={buttonClass("secondary", "lg")}
        onClick={(e) => onGenerated(e.currentTarget.form ? new FormData(e.currentTarget.form).get("identifier") : null)}
      >
        <Shuffle className="size-4" aria-hidden />
        {t("useGenerated")}
      </button>
    </form>
  );
}

/** The host's extra join field: required, at most 60 characters, seen only by the host in the report. */
export function IdentifierField({ label, defaultValue, id }: { label: string; defaultValue?: string | null; id: string }) {
  const t = useTranslations("live");
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name="identifier"
        required
        maxLength={IDENTIFIER_MAX}
        defaultValue={defaultValue ?? ""}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-help`}
        data-testid="join-identifier"
        className="h-12 rounded-xl border border-zinc-300 bg-white px-4 text-lg font-semibold dark:border-zinc-700 dark:bg-zinc-950"
      />
      <p id={`${id}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("identifierPrivate")}
      </p>
    </div>
  );
}

/** Kicked by the host, or the game is gone: the way to another game. */
export function EntryEnded({ entry }: { entry: Exclude<Entry, { kind: "name" } | null> }) {
  const t = useTranslations("live");
  return (
    <div className="py-8 text-center" data-testid={entry.kind === "kicked" ? "player-kicked" : "player-gone"}>
      <XCircle className="mx-auto size-12 text-rose-500" aria-hidden />
      <p className="mt-4 text-xl font-bold">{entry.kind === "kicked" ? t("kicked") : t("gameGone")}</p>
      {entry.kind === "gone" && (
        <p className="mt-2 text-zinc-600 dark:text-zinc-400" data-testid="player-gone-reason">
          {entry.message}
        </p>
      )}
      <Link href="/join" className={buttonClass("secondary", "md", "mt-6")}>
        {t("joinAnother")}
      </Link>
    </div>
  );
}

/**
 * Before the first view arrives. Server-rendered, so a phone on a slow network has something to
 * read before the scripts and the connection are there; the largest text on the first screen (the
 * page's LCP).
 */
export function Connecting() {
  const t = useTranslations("live");
  return (
    <div className="py-8 text-center" data-testid="player-connecting">
      <p className="flex items-center justify-center gap-2 text-lg text-zinc-600 dark:text-zinc-400">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        {t("connecting")}
      </p>
      <p className="mt-4 text-xl leading-relaxed font-semibold">{t("keepOpen")}</p>
    </div>
  );
}
