import Book from "lucide-react/icons/book";
import ExternalLink from "lucide-react/icons/external-link";
import FileUp from "lucide-react/icons/file-up";
import Globe from "lucide-react/icons/globe";
import Link2 from "lucide-react/icons/link-2";
import Lock from "lucide-react/icons/lock";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import { ownQuizzesOf, type OwnQuiz } from "@/server/profile";
import { EmptyState, Panel, PanelItem, pill } from "./panel";

const STATUS_TONE: Record<OwnQuiz["status"], string> = {
  draft: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900",
  hidden: "bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-300 dark:ring-rose-900",
};
const VISIBILITY_ICON = { public: Globe, unlisted: Link2, private: Lock } as const;

export async function QuizzesPanel({ userId }: { userId: string }) {
  const [t, format, quizzes] = await Promise.all([getTranslations("me.quizzes"), getFormatter(), ownQuizzesOf(userId)]);
  const actions = (
    <>
      <Link href="/create" className={buttonClass("primary", "sm")}>
        <Plus className="size-4" aria-hidden />
        {t("create")}
      </Link>
      <Link href="/import" className={buttonClass("secondary", "sm")}>
        <FileUp className="size-4" aria-hidden />
        {t("import")}
      </Link>
    </>
  );
  return (
    <Panel icon={Book} title={t("title")} actions={quizzes.length > 0 ? actions : undefined}>
      {quizzes.length === 0 ? (
        <EmptyState action={<div className="flex flex-wrap justify-center gap-2">{actions}</div>}>{t("empty")}</EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="own-quizzes">
          {quizzes.map((q) => {
            const Vis = VISIBILITY_ICON[q.visibility];
            return (
              <PanelItem
                key={q.id}
                testId="own-quiz"
                title={q.title}
                details={
                  <>
                    <span className={clsx(pill, STATUS_TONE[q.status])} data-testid="quiz-status">
                      {t(`status.${q.status}`)}
                    </span>
                    <span className={clsx(pill, "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700")}>
                      <Vis className="size-3" aria-hidden />
                      {t(`visibility.${q.visibility}`)}
                    </span>
                    <span>{t("questions", { count: q.questionCount })}</span>
                    <span aria-hidden>·</span>
                    <span>{t("plays", { count: q.playCount })}</span>
                    <span aria-hidden>·</span>
                    <time dateTime={q.updatedAt.toISOString()}>{t("updated", { date: format.dateTime(q.updatedAt, { dateStyle: "medium" }) })}</time>
                  </>
                }
                actions={
                  <div className="flex gap-2">
                    <Link href={`/quiz/${q.slug}`} className={buttonClass("secondary", "sm")} aria-label={`${t("open")}: ${q.title}`}>
                      <ExternalLink className="size-4" aria-hidden />
                      {t("open")}
                    </Link>
                    <Link href={`/quiz/${q.slug}/edit`} className={buttonClass("secondary", "sm")} aria-label={`${t("edit")}: ${q.title}`}>
                      <Pencil className="size-4" aria-hidden />
                      {t("edit")}
                    </Link>
                  </div>
                }
              />
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
