import House from "lucide-react/icons/house";
import ShieldX from "lucide-react/icons/shield-x";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { getViewer } from "@/server/viewer";

export default async function Forbidden() {
  const [t, viewer] = await Promise.all([getTranslations("errors"), getViewer()]);
  return (
    <StatusScreen
      icon={ShieldX}
      code="403"
      title={t("forbiddenTitle")}
      actions={
        <Link href="/" className={buttonClass("primary")}>
          <House className="size-4" aria-hidden />
          {t("home")}
        </Link>
      }
    >
      {/* A guest is not told they are signed in: the page is someone else's, or another browser's. */}
      {t(viewer ? "forbiddenText" : "forbiddenGuestText")}
    </StatusScreen>
  );
}
