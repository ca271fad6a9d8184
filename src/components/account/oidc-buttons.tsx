"use client";

import KeyRound from "lucide-react/icons/key-round";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import type { OidcRefusal } from "@/core/oidc";
import { AuthNotice } from "./auth-card";

export type OidcButton = { id: string; name: string };

/**
 * "Continue with <provider>" for each OpenID Connect provider (src/server/auth-oidc.ts): Better
 * Auth answers with the provider's authorization URL, and the browser goes there. The provider
 * sends the person back to /api/auth/callback/<id>, which signs them in and goes on to `next`,
 * or comes back to this page with `?error=`, said here (`refusal`).
 */
export function OidcButtons({ providers, next, back, refusal }: { providers: OidcButton[]; next: string; back: string; refusal: OidcRefusal | null }) {
  const t = useTranslations("auth");
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  if (providers.length === 0 && !refusal) return null;

  const go = (provider: string) =>
    startTransition(async () => {
      setFailed(false);
      const res = await fetch("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ provider, callbackURL: next, errorCallbackURL: back }),
      }).catch(() => null);
      const body = (await res?.json().catch(() => null)) as { url?: string } | null;
      if (!res?.ok || !body?.url) return setFailed(true);
      window.location.assign(body.url);
      // Stay pending while the browser leaves for the provider.
      await new Promise(() => {});
    });

  return (
    <div className="mb-6 space-y-3" data-testid="oidc">
      {refusal && (
        <AuthNotice tone="problem" testId="oidc-refusal">
          {t(`oidc.${refusal}`)}
        </AuthNotice>
      )}
      {failed && (
        <AuthNotice tone="problem" testId="oidc-refusal">
          {t("oidc.oidc_failed")}
        </AuthNotice>
      )}
      {providers.map((p) => (
        <button key={p.id} type="button" className={buttonClass("secondary", "lg", "w-full")} disabled={pending} onClick={() => go(p.id)}>
          <KeyRound className="size-5" aria-hidden />
          {t("oidc.continueWith", { name: p.name })}
        </button>
      ))}
      {providers.length > 0 && (
        <p className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
          <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
          {t("oidc.or")}
          <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
        </p>
      )}
    </div>
  );
}
