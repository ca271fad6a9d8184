"use client";

import { clsx } from "clsx";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import { useMemo, useState } from "react";
import { Rich } from "@/components/ui/rich";
import type { GameReport, ReportAnswer, ReportPlayer } from "@/core/report/build";
import { useTranslations } from "next-intl";
import { Mark, type MarkWords } from "./marks";
import { useReportFormat } from "./use-report-format";
import { ReportTeamMark } from "./team-table";

type SortKey = "rank" | "name" | "score" | number;
type Sort = { key: SortKey; dir: "asc" | "desc" };

/** How many questions a printed table holds: with the name, score and % columns it fits A4 and Letter upright. */
export const PRINT_QUESTIONS_PER_TABLE = 6;

function cellOrder(a: ReportAnswer): number {
  // Right, partly right, wrong, unanswered, joined late; then more points first.
  const rank = a.status === "joined_late" ? 4 : a.status === "unanswered" ? 3 : a.correct ? 0 : a.partial ? 1 : 2;
  return rank * 1e9 - a.points;
}

function sortPlayers(players: readonly ReportPlayer[], sort: Sort, locale: string): ReportPlayer[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sorted = [...players].sort((a, b) => {
    if (sort.key === "name") return collator.compare(a.rosterName ?? a.nickname, b.rosterName ?? b.nickname);
    if (sort.key === "score") return b.score - a.score || a.rank - b.rank;
    if (sort.key === "rank") return a.rank - b.rank || collator.compare(a.nickname, b.nickname);
    return cellOrder(a.answers[sort.key]!) - cellOrder(b.answers[sort.key]!) || a.rank - b.rank;
  });
  return sort.dir === "desc" ? sorted.reverse() : sorted;
}

function AnswerCell({ cell, words, compact = false, graded = true }: { cell: ReportAnswer; words: MarkWords; compact?: boolean; graded?: boolean }) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  if (cell.status === "joined_late") return <span className="text-xs text-zinc-500 italic dark:text-zinc-400">{words.joinedLate}</span>;
  return (
    <div className={clsx("flex min-w-0 items-start gap-1.5", !compact && "min-w-[8rem]")}>
      {graded && <Mark cell={cell} words={words} />}
      <div className="min-w-0">
        <p className={clsx("break-words", compact ? "text-[inherit]" : "max-w-[11rem] text-sm", cell.status !== "answered" && "text-zinc-500 italic dark:text-zinc-400")}>
          {cell.status === "answered" ? <Rich text={cell.answer ?? ""} /> : words.unanswered}
        </p>
        <p className={clsx("text-xs text-zinc-500 tabular-nums dark:text-zinc-400", !compact && "whitespace-nowrap")}>
          {cell.timeMs !== null && <>{t("seconds", { time: f.seconds(cell.timeMs) })} · </>}
          {t("points", { points: cell.points })}
        </p>
      </div>
    </div>
  );
}

function SortHeader({ label, sortLabel, active, dir, onClick, className }: { label: string; sortLabel: string; active: boolean; dir: Sort["dir"]; onClick: () => void; className?: string }) {
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={clsx("p-0 text-left align-bottom", className)}>
      <button
        type="button"
        onClick={onClick}
        title={sortLabel}
        className="inline-flex w-full items-center gap-1 px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-600 uppercase hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        {label}
        <Icon className={clsx("size-3.5", !active && "opacity-40")} aria-hidden />
      </button>
    </th>
  );
}

/**
 * The players × questions grid, sortable by name, score and any question (a click on the column
 * head; again to reverse). Printed as several narrower tables instead, so no column is cut off.
 */
export function ReportGrid({ report, locale }: { report: GameReport; locale: string }) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  const [sort, setSort] = useState<Sort>({ key: "rank", dir: "asc" });
  const players = useMemo(() => sortPlayers(report.players, sort, locale), [report.players, sort, locale]);
  const words: MarkWords = { correct: t("correct"), wrong: t("wrong"), partial: t("partial"), unanswered: t("unanswered"), joinedLate: t("joinedLate") };
  const toggle = (key: SortKey) => setSort((s) => (s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" }));
  const name = (p: ReportPlayer) => (
    <>
      <span className="font-semibold" data-testid="grid-name">
        {p.rosterName ?? p.nickname}
      </span>
      {p.rosterName && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{p.nickname}</span>}
    </>
  );
  // The host's join field (a student number, say): a column of its own, named by its label.
  const identifierLabel = report.scoring?.identifierLabel ?? null;
  const chunks: number[][] = [];
  for (let i = 0; i < report.questions.length; i += PRINT_QUESTIONS_PER_TABLE) {
    chunks.push(report.questions.slice(i, i + PRINT_QUESTIONS_PER_TABLE).map((q) => q.index));
  }

  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-zinc-200 bg-white print:hidden dark:border-zinc-800 dark:bg-zinc-900" data-testid="report-grid">
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-950/40">
            <tr>
              <SortHeader label={t("rank")} sortLabel={t("sortBy", { column: t("rank") })} active={sort.key === "rank"} dir={sort.dir} onClick={() => toggle("rank")} />
              <SortHeader
                label={t("name")}
                sortLabel={t("sortBy", { column: t("name") })}
                active={sort.key === "name"}
                dir={sort.dir}
                onClick={() => toggle("name")}
                className="sticky left-0 z-10 bg-zinc-50 dark:bg-zinc-950"
              />
              {identifierLabel && (
                <th scope="col" className="px-3 py-2 text-left align-bottom text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-600 uppercase dark:text-zinc-400">
                  {identifierLabel}
                </th>
              )}
              <SortHeader label={t("score")} sortLabel={t("sortBy", { column: t("score") })} active={sort.key === "score"} dir={sort.dir} onClick={() => toggle("score")} />
              {report.questions.filter((q) => q.type !== "slide").map((q) => {
                const label = t("questionShort", { number: q.index + 1 });
                return (
                  <SortHeader key={q.index} label={label} sortLabel={t("sortBy", { column: label })} active={sort.key === q.index} dir={sort.dir} onClick={() => toggle(q.index)} />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id} className="group" data-testid="grid-row">
                <td className="border-t border-zinc-200 px-3 py-2 align-top text-zinc-500 tabular-nums dark:border-zinc-800">{p.rank}</td>
                <th scope="row" className="sticky left-0 z-10 border-t border-zinc-200 bg-white px-3 py-2 text-left align-top font-normal group-hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:group-hover:bg-zinc-800">
                  {name(p)}
                  <span className="block text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{t("percentRight", { share: f.percent(p.correctRate) })}</span>
                  {p.team && report.teams && <ReportTeamMark team={p.team} teams={report.teams} className="text-xs text-zinc-700 dark:text-zinc-300" />}
                </th>
                {identifierLabel && (
                  <td className="border-t border-zinc-200 px-3 py-2 align-top dark:border-zinc-800" data-testid="grid-identifier">
                    {p.identifier ?? ""}
                  </td>
                )}
                <td className="border-t border-zinc-200 px-3 py-2 align-top font-semibold tabular-nums dark:border-zinc-800">{f.number(p.score)}</td>
                {/* Slides have no answers: left out of the grid. A poll's vote has no mark. */}
                {p.answers.filter((a) => report.questions[a.questionIndex]?.type !== "slide").map((a) => (
                  <td key={a.questionIndex} className="border-t border-zinc-200 px-3 py-2 align-top dark:border-zinc-800" data-testid={`cell-${a.questionIndex}`} data-status={a.status}>
                    <AnswerCell cell={a} words={words} graded={report.questions[a.questionIndex]?.graded ?? true} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="sr-only">{t("gridLead")}</p>
      </div>

      {/* Print: the same grid cut into tables of a few questions, each with the names again. */}
      <div className="hidden space-y-4 print:block">
        {chunks.map((indexes) => (
          <table key={indexes[0]} className="report-print-table">
            <caption className="text-left text-xs font-semibold">
              {t("printedPart", { from: indexes[0]! + 1, to: indexes[indexes.length - 1]! + 1 })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="report-print-name">
                  {t("name")}
                </th>
                <th scope="col" className="report-print-score">
                  {t("score")}
                </th>
                {indexes.map((i) => (
                  <th key={i} scope="col">
                    {t("questionShort", { number: i + 1 })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="report-print-name">
                    {p.rosterName ?? p.nickname} {p.identifier && <span className="font-normal">· {p.identifier}</span>} <span className="font-normal">({f.percent(p.correctRate)})</span>
                  </th>
                  <td className="report-print-score">{f.number(p.score)}</td>
                  {indexes.map((i) => (
                    <td key={i}>
                      <AnswerCell cell={p.answers[i]!} words={words} compact />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </>
  );
}
