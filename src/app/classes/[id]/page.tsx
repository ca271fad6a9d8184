import Download from "lucide-react/icons/download";
import Link2 from "lucide-react/icons/link-2";
import School from "lucide-react/icons/school";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AssignForm, UnassignButton } from "@/components/classes/assign-form";
import { ClassSettings } from "@/components/classes/class-settings";
import { GradebookTable } from "@/components/classes/gradebook-table";
import { HistoryList } from "@/components/classes/history-list";
import { PlayAssignment } from "@/components/classes/play-assignment";
import { RosterTable } from "@/components/classes/roster-table";
import { OwnerShare } from "@/components/challenge/owner-share";
import { buttonClass } from "@/components/ui/button";
import { formatRecoveryCode } from "@/core/classes/rules";
import { isUuid } from "@/core/ids";
import { ownChallenges } from "@/server/challenges";
import { classAssignments, classGradebook, classJoinUrl, classRoster, classStudentHistory, classView, studentClassView, type ClassView } from "@/server/classes";
import { publicUrl } from "@/server/public-url";
import { qrSvgDataUrl } from "@/server/qr";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ student?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("classes");
  const { id } = await params;
  const view = isUuid(id) ? await classView(id) : null;
  return { title: view ? view.c.name : t("title"), robots: { index: false } };
}

const card = "rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900";

function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className={card} data-testid={testId}>
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A class's page (docs/rules.md §13): the teacher's roster, assignments and gradebook, or a student's own. */
export default async function ClassPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const view = await classView(id);
  if (!view) notFound();
  const t = await getTranslations("classes");
  return (
    <div className="container-page space-y-8 py-8">
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
          <School className="size-4" aria-hidden />
          {view.role === "teacher" ? t("teacherEyebrow") : t("studentEyebrow", { name: view.student.name })}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words" data-testid="class-name">
          {view.c.name}
        </h1>
        {view.c.subject && <p className="mt-1 text-zinc-600 dark:text-zinc-400">{view.c.subject}</p>}
      </header>
      {view.role === "teacher" ? <TeacherView id={id} searchParams={searchParams} /> : <StudentView view={view} />}
    </div>
  );
}

async function TeacherView({ id, searchParams }: { id: string; searchParams: Props["searchParams"] }) {
  const t = await getTranslations("classes");
  const origin = await publicUrl();
  const [{ c, gradebook }, roster, assignments] = await Promise.all([classGradebook(id), classRoster(id), classAssignments(id)]);
  const joinUrl = classJoinUrl(origin, c.code);
  const [qr, challenges] = await Promise.all([qrSvgDataUrl(joinUrl), ownChallenges(c.ownerId)]);
  const rawStudent = (await searchParams).student;
  const studentId = typeof rawStudent === "string" && isUuid(rawStudent) ? rawStudent : null;
  const history = studentId && roster.some((s) => s.id === studentId) ? await classStudentHistory(id, studentId) : null;
  const assigned = new Set(assignments.map((a) => a.code));
  return (
    <>
      <Section id="join-heading" title={t("shareHeading")} testId="class-share">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("shareLead")}</p>
        <p className="mt-3 font-mono text-4xl font-extrabold tracking-[0.2em]" data-testid="class-code">
          {c.code}
        </p>
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-zinc-100 px-3 py-2 font-mono text-sm break-all select-all dark:bg-zinc-800" data-testid="class-join-url">
          <Link2 className="size-4 shrink-0" aria-hidden />
          {joinUrl}
        </p>
        <div className="mt-4">
          <OwnerShare path={joinUrl} title={c.name} text={t("shareText", { name: c.name })} qr={qr} />
        </div>
      </Section>

      <Section id="roster-heading" title={t("rosterHeading", { count: roster.length })}>
        <RosterTable
          classId={c.id}
          students={roster.map((s) => ({ id: s.id, name: s.name, member: s.userId !== null, recoveryCode: s.recoveryCode ? formatRecoveryCode(s.recoveryCode) : null, extraTime: s.extraTime }))}
        />
      </Section>

      <Section id="assignments-heading" title={t("assignmentsHeading")}>
        {assignments.length > 0 && (
          <ul className="mb-6 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="assignments">
            {assignments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{a.quizTitle}</span> <span className="font-mono text-sm text-zinc-600 dark:text-zinc-400">{a.code}</span>
                </span>
                <UnassignButton classId={c.id} assignmentId={a.id} title={a.quizTitle} />
              </li>
            ))}
          </ul>
        )}
        <AssignForm
          classId={c.id}
          challenges={challenges.filter((ch) => !assigned.has(ch.code)).map((ch) => ({ code: ch.code, quizTitle: ch.quizTitle }))}
          allAssigned={challenges.length > 0}
        />
      </Section>

      <Section id="gradebook-heading" title={t("gradebook")} testId="gradebook-section">
        <GradebookTable gradebook={gradebook} historyHref={(sid) => `/classes/${c.id}?student=${sid}#history-heading`} />
        <div className="mt-4 flex flex-wrap gap-2">
          {(["csv", "xlsx"] as const).map((f) => (
            <a key={f} href={`/api/v1/classes/${c.id}/gradebook?format=${f}`} className={buttonClass("secondary", "sm")} download data-testid={`gradebook-${f}`}>
              <Download className="size-4" aria-hidden />
              {t(f === "csv" ? "downloadCsv" : "downloadXlsx")}
            </a>
          ))}
        </div>
      </Section>

      {history && (
        <Section id="history-heading" title={t("historyOf", { name: history.student.name })}>
          <HistoryList history={history.history} />
        </Section>
      )}

      <Section id="settings-heading" title={t("settingsHeading")}>
        <ClassSettings classId={c.id} showLeaderboard={c.showLeaderboard} name={c.name} />
      </Section>
    </>
  );
}

async function StudentView({ view }: { view: Extract<ClassView, { role: "student" }> }) {
  const t = await getTranslations("classes");
  const { assignments, own, standings, history } = await studentClassView(view);
  return (
    <>
      <Section id="assignments-heading" title={t("assignmentsHeading")} testId="student-assignments">
        {assignments.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noAssignments")}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {assignments.map((a, j) => {
              const cell = own.cells[0]?.[j] ?? null;
              return (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="student-assignment">
                  <span>
                    <span className="block font-semibold">{a.quizTitle}</span>
                    <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="own-result">
                      {cell ? t("bestLatest", { best: cell.best, latest: cell.latest }) : t("notAttempted")}
                    </span>
                  </span>
                  <PlayAssignment classId={view.c.id} assignmentId={a.id} title={a.quizTitle} again={cell !== null} />
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      {standings && (
        <Section id="standings-heading" title={t("leaderboard")} testId="class-leaderboard">
          {standings.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noStandings")}</p>
          ) : (
            <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {standings.map((s) => (
                <li key={`${s.rank}-${s.name}`} className={`flex justify-between py-2 ${s.isViewer ? "font-bold" : ""}`}>
                  <span>
                    {s.rank}. {s.name}
                  </span>
                  <span className="tabular-nums">{s.average}%</span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      )}
      <Section id="history-heading" title={t("yourHistory")}>
        <HistoryList history={history} />
      </Section>
    </>
  );
}
