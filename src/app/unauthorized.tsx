import { House, LockKeyhole, LogIn } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";

export default async function Unauthorized() {
  const t = await getTranslations("errors");
  return (
    <StatusScreen
      icon={LockKeyhole}
      code="401"
      title={t("unauthorizedTitle")}
      actions={
        <>
          <Link href="/sign-in" className={buttonClass("primary")}>
            <LogIn className="size-4" aria-hidden />
            {t("signIn")}
          </Link>
          <Link href="/" className={buttonClass("secondary")}>
            <House className="size-4" aria-hidden />
            {t("home")}
          </Link>
        </>
      }
    >
      {t("unauthorizedText")}
    </StatusScreen>
  );
}
