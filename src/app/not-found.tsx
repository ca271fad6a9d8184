import Compass from "lucide-react/icons/compass";
import House from "lucide-react/icons/house";
import MapPinOff from "lucide-react/icons/map-pin-off";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";

export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <StatusScreen
      icon={MapPinOff}
      code="404"
      title={t("notFoundTitle")}
      actions={
        <>
          <Link href="/" className={buttonClass("primary")}>
            <House className="size-4" aria-hidden />
            {t("home")}
          </Link>
          <Link href="/explore" className={buttonClass("secondary")}>
            <Compass className="size-4" aria-hidden />
            {t("explore")}
          </Link>
        </>
      }
    >
      {t("notFoundText")}
    </StatusScreen>
  );
}
