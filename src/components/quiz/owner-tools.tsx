import Download from "lucide-react/icons/download";
import EyeOff from "lucide-react/icons/eye-off";
import Lock from "lucide-react/icons/lock";
import Pencil from "lucide-react/icons/pencil";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** For the quiz's owner (and admins): edit, export, and why others may not see it. */
export async function OwnerTools({ slug, status, visibility }: { slug: string; status: "draft" | "published" | "hidden"; visibility: string }) {
  const t = await getTranslations("ownerTools");
  const note = status === "draft" ? t("draft") : status === "hidden" ? t("hidden") : visibility === "private" ? t("private") : null;
  return (
    <div className="mt-4 space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="owner-tools">
      {note && (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {status === "hidden" ? <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden /> : <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />}
          {note}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Link href={`/quiz/${slug}/edit`} className={buttonClass("secondary", "md")}>
          <Pencil className="size-4" aria-hidden />
          {t("edit")}
        </Link>
        <a href={`/api/v1/quizzes/${slug}/export?format=json`} download className={buttonClass("secondary", "md")}>
          <Download className="size-4" aria-hidden />
          {t("export")}
        </a>
      </div>
    </div>
  );
}
