import House from "lucide-react/icons/house";
import LockKeyhole from "lucide-react/icons/lock-keyhole";
import LogIn from "lucide-react/icons/log-in";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { SignInLink } from "@/components/account/sign-in-link";
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
          <SignInLink label={t("signIn")} icon={<LogIn className="size-4" aria-hidden />} />
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
