"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

export type RosterChoice = { className: string; students: { id: string; name: string }[]; mine: string | null };

/**
 * A game for a class (docs/rules.md §13): the player picks their own name from the class's
 * roster instead of typing a nickname. This device's own name (its class cookie's, or the signed-
 * in member's) is chosen already; one device per name, so a name taken elsewhere is refused, and
 * the refusal says so here (loaded only in a game for a class: player-game.tsx).
 */
export default function RosterPicker({
  roster,
  join,
  submitClass,
}: {
  roster: RosterChoice;
  /** Joins under the name picked (use-player-game.ts); a refusal comes back as its message. */
  join: (payload: { studentId: string }, refused: (message: string) => void) => void;
  submitClass: string;
}) {
  const t = useTranslations("live");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-3"
      data-testid="roster-picker"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const studentId = data.get("student");
        if (typeof studentId === "string" && studentId) join({ studentId }, setError);
      }}
    >
      <h1 className="text-2xl font-extrabold">{t("pickRosterName")}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{t("rosterFor", { className: roster.className })}</p>
      {roster.students.length === 0 ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("rosterEmpty")}</p>
      ) : (
        <fieldset aria-describedby={error ? "roster-error" : undefined}>
          <legend className="sr-only">{t("rosterNames")}</legend>
          <ul className="grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto">
            {roster.students.map((s) => (
              <li key={s.id}>
                <label className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 bg-white px-3 py-2 font-semibold has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-zinc-700 dark:bg-zinc-950 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950">
                  <input type="radio" name="student" value={s.id} required defaultChecked={s.id === roster.mine} className="size-5 shrink-0 accent-brand-600" data-testid="roster-name" data-name={s.name} />
                  <span className="min-w-0 break-words">{s.name}</span>
                  {s.id === roster.mine && <span className="ml-auto text-xs font-medium text-zinc-600 dark:text-zinc-400">{t("rosterYou")}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {error && (
        <p id="roster-error" role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400" data-testid="roster-error">
          {error}
        </p>
      )}
      <button type="submit" className={submitClass} disabled={roster.students.length === 0} data-testid="roster-join">
        {t("join")}
      </button>
    </form>
  );
}
