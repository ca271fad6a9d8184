import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import MailCheck from "lucide-react/icons/mail-check";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/account/auth-card";
import { buttonClass } from "@/components/ui/button";
import { getViewer } from "@/server/viewer";

type Props = { searchParams: Promise<{ error?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("verifiedTitle"), robots: { index: false } };
}

/**
 * Where a confirmation link lands (Better Auth's /api/auth/verify-email redirects here, with
 * `?error=` when the link did not work): after sign-up, the person is signed in; after a change
 * of email, the account has its new address.
 */
export default async function EmailVerifiedPage({ searchParams }: Props) {
  const t = await getTranslations("auth");
  const raw = (await searchParams).error;
  const error = Array.isArray(raw) ? raw[0] : raw;
  const viewer = await getViewer();
  const next = viewer ? "/me?tab=settings" : "/sign-in";
  return (
    <div className="container-page py-10 sm:py-16">
      {error ? (
        <AuthCard icon={CircleAlert} title={t("verifyFailedTitle")}>
          <p role="alert" data-testid="verify-failed" className="mb-6 text-zinc-700 dark:text-zinc-300">
            {error === "TOKEN_EXPIRED" ? t("verifyExpired") : t("verifyInvalid")}
          </p>
          <Link href={next} className={buttonClass("primary", "lg", "w-full")}>
            {t("continue")}
          </Link>
        </AuthCard>
      ) : (
        <AuthCard icon={MailCheck} title={t("verifiedTitle")}>
          <p role="status" data-testid="verified" className="mb-6 text-zinc-700 dark:text-zinc-300">
            {t("verifiedLead")}
          </p>
          <Link href={next} className={buttonClass("primary", "lg", "w-full")}>
            {t("continue")}
          </Link>
        </AuthCard>
      )}
    </div>
  );
}
