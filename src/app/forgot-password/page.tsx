import KeyRound from "lucide-react/icons/key-round";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/account/auth-card";
import { ForgotPasswordForm } from "@/components/account/forgot-password-form";
import { mailConfigured } from "@/server/mail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("forgotTitle"), robots: { index: false } };
}

/** "Forgot password?": asks for a reset link by email (or, without mail, from the administrator). */
export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth");
  return (
    <div className="container-page py-10 sm:py-16">
      <AuthCard icon={KeyRound} title={t("forgotTitle")} lead={t("forgotLead")}>
        <ForgotPasswordForm mailConfigured={mailConfigured()} />
        <p className="mt-6 text-center text-sm">
          <Link href="/sign-in" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("backToSignIn")}
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}
