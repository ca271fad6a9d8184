import School from "lucide-react/icons/school";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JoinClassForm } from "@/components/classes/join-form";
import { normalizeClassCode } from "@/core/classes/rules";
import { classToJoin } from "@/server/classes";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("classes");
  return { title: t("joinHeading"), robots: { index: false } };
}

/** A class's join link (and QR code): its name, and the roster-name form; once joined, the class. */
export default async function JoinClassPage({ params }: Props) {
  const raw = (await params).code;
  const code = normalizeClassCode(raw);
  if (!code) notFound();
  if (code !== raw) redirect(`/classes/join/${code}`);
  const c = await classToJoin(code);
  if (!c) notFound();
  const [t, viewer] = await Promise.all([getTranslations("classes"), getViewer()]);
  return (
    <div className="container-page max-w-xl py-8">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
        <School className="size-4" aria-hidden />
        {t("joinHeading")} · <span className="font-mono tracking-wider">{code}</span>
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words">{c.name}</h1>
      {c.subject && <p className="mt-1 text-zinc-600 dark:text-zinc-400">{c.subject}</p>}
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{viewer ? t("joinAsMember") : t("joinAsGuest")}</p>
      <div className="mt-6 rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <JoinClassForm code={code} defaultName={viewer?.name.slice(0, 20)} joinedClassId={c.joined ? c.id : undefined} />
      </div>
      {!viewer && (
        <p className="mt-4 text-sm">
          <Link href="/classes" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("haveRecovery")}
          </Link>
        </p>
      )}
    </div>
  );
}
