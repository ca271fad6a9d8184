import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthForm } from "@/components/account/auth-form";
import { readGuest } from "@/server/guest";
import { safeNext } from "@/core/http/safe-next";
import { oidcRefusal } from "@/core/oidc";
import { oidcButtons } from "@/server/auth-oidc";
import { mailConfigured } from "@/server/mail";
import { getViewer } from "@/server/viewer";

type Props = { searchParams: Promise<{ next?: string | string[]; error?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("signUpTitle"), robots: { index: false } };
}

export default async function SignUpPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNext(params.next);
  if (await getViewer()) redirect(next);
  // A guest's nickname becomes the suggested display name; their attempts move to the account.
  const guest = await readGuest();
  return (
    <div className="container-page py-10 sm:py-16">
      <AuthForm mode="sign-up" next={next} defaultName={guest?.nickname ?? undefined} mailConfigured={mailConfigured()} oidc={{ providers: oidcButtons(), refusal: oidcRefusal(params.error) }} />
    </div>
  );
}
