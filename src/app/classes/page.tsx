import School from "lucide-react/icons/school";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { CreateClassForm } from "@/components/classes/create-class-form";
import { JoinClassForm } from "@/components/classes/join-form";
import { RecoverForm } from "@/components/classes/recover-form";
import { myStudents, ownClasses } from "@/server/classes";
import { getViewer } from "@/server/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("classes");
  return { title: t("title"), robots: { index: false } };
}

const card = "rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900";

/**
 * Classes (docs/rules.md §13): a member's own classes and a form for a new one; for everyone,
 * the classes this account or browser joined, joining by code, and moving here with a recovery code.
 */
export default async function ClassesPage() {
  const t = await getTranslations("classes");
  const viewer = await getViewer();
  const [own, joined] = await Promise.all([viewer ? ownClasses(viewer) : [], myStudents()]);
  return (
    <div className="container-page space-y-8 py-8">
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
          <School className="size-4" aria-hidden />
          {t("eyebrow")}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{t("title")}</h1>
      </header>

      {viewer && (
        <section aria-labelledby="own-heading" className={card}>
          <h2 id="own-heading" className="text-lg font-bold">
            {t("yourClasses")}
          </h2>
          {own.length > 0 ? (
            <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="own-classes">
              {own.map((c) => (
                <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <Link href={`/classes/${c.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {c.name}
                    {c.subject && <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {c.subject}</span>}
                  </Link>
                  <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("counts", { students: c.students, assignments: c.assignments })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("noClasses")}</p>
          )}
          <h3 className="mt-6 font-semibold">{t("newClass")}</h3>
          <div className="mt-3">
            <CreateClassForm />
          </div>
        </section>
      )}

      <section aria-labelledby="joined-heading" className={card}>
        <h2 id="joined-heading" className="text-lg font-bold">
          {t("joinedClasses")}
        </h2>
        {joined.length > 0 ? (
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="joined-classes">
            {joined.map((s) => (
              <li key={s.id} className="py-3">
                <Link href={`/classes/${s.classId}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                  {s.className}
                </Link>
                <span className="text-sm text-zinc-600 dark:text-zinc-400"> · {t("asName", { name: s.name })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("notJoined")}</p>
        )}
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="mb-3 font-semibold">{t("joinHeading")}</h3>
            <JoinClassForm defaultName={viewer?.name.slice(0, 20)} />
          </div>
          {!viewer && (
            <div>
              <h3 className="mb-3 font-semibold">{t("recoverHeading")}</h3>
              <RecoverForm />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
