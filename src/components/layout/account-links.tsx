"use client";

import Link from "@/components/ui/link";
import { usePathname, useRouter } from "next/navigation";
import { useTransition, type ReactNode } from "react";

/** Sign in or up from the account menu, coming back afterwards to the page it was opened on. */
export function AuthLink({ href, className, children }: { href: "/sign-in" | "/sign-up"; className: string; children: ReactNode }) {
  const pathname = usePathname();
  const next = pathname && pathname !== "/" && !pathname.startsWith("/sign-") ? `?next=${encodeURIComponent(pathname)}` : "";
  return (
    <Link href={`${href}${next}`} className={className}>
      {children}
    </Link>
  );
}

export function SignOutButton({ className, children }: { className: string; children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const signOut = () =>
    startTransition(async () => {
      await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      router.push("/");
      router.refresh();
    });
  return (
    <button type="button" className={className} onClick={signOut} disabled={pending} data-testid="sign-out">
      {children}
    </button>
  );
}
