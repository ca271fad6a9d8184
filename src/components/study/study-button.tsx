import GraduationCap from "lucide-react/icons/graduation-cap";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** "Study" on a quiz page: a plain link, so it works before JavaScript loads. */
export async function StudyButton({ slug }: { slug: string }) {
  const t = await getTranslations("study");
  return (
    <Link href={`/study/${slug}`} className={buttonClass("secondary", "lg", "mt-2 w-full")} data-testid="study">
      <GraduationCap className="size-5" aria-hidden />
      {t("studyButton")}
    </Link>
  );
}
