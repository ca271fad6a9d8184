"use client";

import StepForward from "lucide-react/icons/step-forward";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";

/** "Continue · Question 3 of 12": back to an attempt in progress (a quiz's, or a challenge's). */
export function ContinueLink({ open }: { open: { id: string; position: number; total: number } }) {
  const t = useTranslations("start");
  return (
    <Link href={`/play/${open.id}`} className={buttonClass("primary", "lg", "w-full")} data-testid="continue-play">
      <StepForward className="size-5 shrink-0" aria-hidden />
      {t("continue")}
      <span className="font-medium whitespace-nowrap opacity-90">· {t("continueAt", { n: Math.min(open.position + 1, open.total), total: open.total })}</span>
    </Link>
  );
}
