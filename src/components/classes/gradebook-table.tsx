import { getTranslations } from "next-intl/server";
import Link from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import type { Gradebook } from "@/core/classes/rules";

/** Students × assignments and class games: best and latest %, "not attempted"; each name links to the student's history. */
export async function GradebookTable({ gradebook: g, historyHref }: { gradebook: Gradebook; historyHref?: (studentId: string) => string }) {
  const t = await getTranslations("classes");
  if (!g.students.length || !g.assignments.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("gradebookEmpty")}</p>;
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={t("gradebook")}>
      <table className="min-w-full text-left text-sm" data-testid="gradebook">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("student")}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("average")}
            </th>
            {g.assignments.map((a) => (
              <th key={a.id} scope="col" className="py-2 pr-4 font-semibold" data-kind={a.kind ?? "assignment"} data-testid="gradebook-column">
                {a.title}
                {a.kind === "game" && (
                  <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    {t("liveGame")}
                    {a.at && (
                      <>
                        {" · "}
                        <LocalTime iso={a.at.toISOString()} />
                      </>
                    )}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {g.students.map((s, i) => (
            <tr key={s.id} className="border-b border-zinc-100 dark:border-zinc-800" data-testid="gradebook-row">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {historyHref ? (
                  <Link href={historyHref(s.id)} className="text-brand-700 hover:underline dark:text-brand-300">
                    {s.name}
                  </Link>
                ) : (
                  s.name
                )}
              </th>
              <td className="py-2 pr-4 tabular-nums">{g.averages[i] === null ? "–" : `${g.averages[i]}%`}</td>
              {g.cells[i]!.map((cell, j) => (
                <td key={g.assignments[j]!.id} className="py-2 pr-4 tabular-nums" data-testid="gradebook-cell">
                  {cell ? t("bestLatest", { best: cell.best, latest: cell.latest }) : <span className="text-zinc-500 dark:text-zinc-400">{t("notAttempted")}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
