import { getTranslations } from "next-intl/server";
import { LocalTime } from "@/components/ui/local-time";
import { attemptPercent, type StudentHistoryRow } from "@/core/classes/rules";

/** A student's attempts in the class, newest first. */
export async function HistoryList({ history }: { history: StudentHistoryRow[] }) {
  const t = await getTranslations("classes");
  if (!history.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noHistory")}</p>;
  return (
    <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="student-history">
      {history.map((h) => (
        <li key={h.attemptId} className="flex flex-wrap justify-between gap-2 py-2" data-kind={h.kind ?? "assignment"}>
          <span className="font-medium">
            {h.quizTitle}
            {h.kind === "game" && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">{t("liveGame")}</span>}
          </span>
          <span className="text-zinc-600 dark:text-zinc-400">
            <LocalTime iso={h.startedAt.toISOString()} /> · {h.status === "finished" ? `${attemptPercent(h)}%` : t(`status.${h.status === "in_progress" ? "inProgress" : "abandoned"}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
