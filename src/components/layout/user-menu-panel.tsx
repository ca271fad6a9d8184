import FileUp from "lucide-react/icons/file-up";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import LogIn from "lucide-react/icons/log-in";
import LogOut from "lucide-react/icons/log-out";
import Plus from "lucide-react/icons/plus";
import School from "lucide-react/icons/school";
import ShieldCheck from "lucide-react/icons/shield-check";
import User from "lucide-react/icons/user";
import UserPlus from "lucide-react/icons/user-plus";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { AuthLink, SignOutButton } from "./account-links";

export type MenuViewer = { name: string; handle: string; role: "member" | "admin" } | null;

const itemClass =
  "flex items-center gap-2 rounded-lg px-2 py-2 font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800";

/** The account menu's content: sign in or up as a guest; profile, own things, create, sign out as a member. */
export async function UserMenuPanel({ viewer }: { viewer: MenuViewer }) {
  const t = await getTranslations("nav");
  if (!viewer) {
    return (
      <div className="p-1">
        <p className="font-semibold">{t("guest")}</p>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("guestText")}</p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <AuthLink href="/sign-in" className={buttonClass("secondary", "sm")}>
            <LogIn className="size-4" aria-hidden /> {t("signIn")}
          </AuthLink>
          <AuthLink href="/sign-up" className={buttonClass("primary", "sm")}>
            <UserPlus className="size-4" aria-hidden /> {t("signUp")}
          </AuthLink>
        </div>
        <Link href="/classes" className={`${itemClass} mt-2`}>
          <School className="size-4" aria-hidden /> {t("classes")}
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="px-2 pb-2">
        <p className="truncate font-semibold">{viewer.name}</p>
        <p className="truncate text-zinc-500 dark:text-zinc-400">@{viewer.handle}</p>
      </div>
      <nav aria-label={t("account")} className="border-t border-zinc-200 pt-2 dark:border-zinc-800">
        <Link href={`/u/${viewer.handle}`} className={itemClass}>
          <User className="size-4" aria-hidden /> {t("profile")}
        </Link>
        <Link href="/me" className={itemClass}>
          <LayoutDashboard className="size-4" aria-hidden /> {t("me")}
        </Link>
        <Link href="/classes" className={itemClass}>
          <School className="size-4" aria-hidden /> {t("classes")}
        </Link>
        <Link href="/create" className={itemClass}>
          <Plus className="size-4" aria-hidden /> {t("create")}
        </Link>
        <Link href="/import" className={itemClass}>
          <FileUp className="size-4" aria-hidden /> {t("import")}
        </Link>
        {viewer.role === "admin" && (
          <Link href="/admin" className={itemClass}>
            <ShieldCheck className="size-4" aria-hidden /> {t("admin")}
          </Link>
        )}
        <SignOutButton className={`${itemClass} w-full`}>
          <LogOut className="size-4" aria-hidden /> {t("signOut")}
        </SignOutButton>
      </nav>
    </>
  );
}
