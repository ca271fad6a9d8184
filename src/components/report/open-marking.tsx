"use client";

import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import type { OpenAnswerRow } from "@/core/challenge/marking";
import { markOpenAnswerAction } from "@/server/actions/challenges";

type Mark = "right" | "wrong";

/**
 * A challenge's open answers for its owner to mark right or wrong (docs/rules.md §11). Each mark
 * is saved at once; the attempt's score, the leaderboard and the report follow (the page reloads).
 */
export function OpenMarking({ code, rows }: { code: string; rows: OpenAnswerRow[] }) {
  const t = useTranslations("gameReport");
  const errorText = useErrorText();
  const [marks, setMarks] = useState<Record<string, Mark | null>>(() => Object.fromEntries(rows.map((r) => [`${r.attemptId}:${r.questionId}`, r.mark])));
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const byQuestion = new Map<string, OpenAnswerRow[]>();
  for (const r of rows) byQuestion.set(r.questionId, [...(byQuestion.get(r.questionId) ?? []), r]);
  const mark = (r: OpenAnswerRow, m: Mark) =>
    startTransition(async () => {
      const res = await markOpenAnswerAction(code, { attemptId: r.attemptId, questionId: r.questionId, mark: m });
      if (res.ok) {
        setError(null);
        setMarks((all) => ({ ...all, [`${r.attemptId}:${r.questionId}`]: m }));
      } else setError(errorText(res.code));
    });
  return (
    <section aria-labelledby="open-marking-heading" className="mt-8 print:hidden" data-testid="open-marking">
      <h2 id="open-marking-heading" className="text-xl font-bold">
        {t("openMarking")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("openMarkingHelp")}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
      {[...byQuestion.values()].map((list) => (
        <div key={list[0]!.questionId} className="mt-4 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <h3 className="font-semibold">
            {list[0]!.position + 1}. {list[0]!.prompt}
          </h3>
          {list[0]!.modelAnswer && (
            <p className="mt-1 text-sm whitespace-pre-line">
              <span className="font-semibold">{t("modelAnswer")} </span>
              {list[0]!.modelAnswer}
            </p>
          )}
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((r) => {
              const key = `${r.attemptId}:${r.questionId}`;
              const m = marks[key] ?? null;
              return (
                <li key={key} className="flex flex-wrap items-center gap-3 py-3" data-testid="open-mark-row" data-mark={m ?? "none"}>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-semibold">{r.nickname}</p>
                    <p className="break-words whitespace-pre-line">{r.answer}</p>
                  </div>
                  <div className="flex gap-2" role="group" aria-label={t("markFor", { nickname: r.nickname })}>
                    <button
                      type="button"
                      disabled={pending}
                      aria-pressed={m === "right"}
                      onClick={() => mark(r, "right")}
                      className={buttonClass(m === "right" ? "primary" : "secondary", "sm", clsx(m === "right" && "bg-emerald-700 hover:bg-emerald-800"))}
                      data-testid="mark-right"
                    >
                      <Check className="size-4" aria-hidden />
                      {t("markRight")}
                    </button>
                    <button
                      type="button"
                      disabled={pending}
                      aria-pressed={m === "wrong"}
                      onClick={() => mark(r, "wrong")}
                      className={buttonClass(m === "wrong" ? "primary" : "secondary", "sm", clsx(m === "wrong" && "bg-rose-700 hover:bg-rose-800"))}
                      data-testid="mark-wrong"
                    >
                      <X className="size-4" aria-hidden />
                      {t("markWrong")}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
