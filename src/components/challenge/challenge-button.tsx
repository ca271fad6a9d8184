import Swords from "lucide-react/icons/swords";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** "Challenge" on a quiz page: a plain link to the small form (a guest is sent to sign in first, then back). */
export async function ChallengeButton({ slug }: { slug: string }) {
  const t = await getTranslations("challenge");
  return (
    <Link href={`/quiz/${slug}/challenge`} className={buttonClass("secondary", "lg", "mt-2 w-full")} data-testid="challenge">
      <Swords className="size-5" aria-hidden />
      {t("button")}
    </Link>
  );
}
