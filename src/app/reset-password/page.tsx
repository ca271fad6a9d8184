import KeyRound from "lucide-react/icons/key-round";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/account/auth-card";
import { ResetLinkInvalid, ResetPasswordForm } from "@/components/account/reset-password-form";
import { resetTokenUsable } from "@/server/reset-links";

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  // The token is in the address: no referrer leaves this page with it.
  return { title: t("resetTitle"), robots: { index: false }, referrer: "no-referrer" };
}

/** Where a reset link leads: a new password, or why the link no longer works. */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const t = await getTranslations("auth");
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const usable = await resetTokenUsable(token);
  return (
    <div className="container-page py-10 sm:py-16">
      <AuthCard icon={KeyRound} title={t("resetTitle")} lead={usable ? t("resetLead") : undefined}>
        {usable ? <ResetPasswordForm token={token} /> : <ResetLinkInvalid />}
      </AuthCard>
    </div>
  );
}
