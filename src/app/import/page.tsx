import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ImportForm } from "@/components/import/import-form";
import { getViewer } from "@/server/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("import");
  return { title: t("title"), robots: { index: false } };
}

export default async function ImportPage() {
  if (!(await getViewer())) redirect("/sign-in?next=/import");
  const t = await getTranslations("import");
  return (
    <div className="container-page max-w-4xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("lead")}</p>
      <ImportForm />
    </div>
  );
}
