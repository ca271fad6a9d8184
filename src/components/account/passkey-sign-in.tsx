"use client";

import Fingerprint from "lucide-react/icons/fingerprint-pattern";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { postAuth } from "./auth-request";

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site (discoverable
 * credentials, so no email is typed), and Better Auth's passkey plugin checks the signature.
 * The WebAuthn helper loads when the button is pressed.
 */
export function PasskeySignIn({ next }: { next: string }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const signIn = () =>
    startTransition(async () => {
      setError(null);
      const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
      if (!browserSupportsWebAuthn()) return setError(t("passkeyUnsupported"));
      const res = await fetch("/api/auth/passkey/generate-authenticate-options");
      if (!res.ok) return setError(t("failed"));
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON: await res.json() });
      } catch (err) {
        return setError(t((err as { name?: string } | null)?.name === "NotAllowedError" ? "passkeyCancelled" : "passkeyUnsupported"));
      }
      const verified = await postAuth("passkey/verify-authentication", { response });
      if (!verified.ok) return setError(verified.status === 429 ? t("rateLimited") : errorText(verified.code));
      router.replace(next);
      router.refresh();
    });

  return (
    <div className="mt-4 space-y-3">
      <button type="button" className={buttonClass("secondary", "lg", "w-full")} onClick={signIn} disabled={pending} data-testid="passkey-sign-in">
        <Fingerprint className="size-5" aria-hidden />
        {t("passkeySignIn")}
      </button>
      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {error}
        </p>
      )}
    </div>
  );
}
