"use client";

import Link from "@/components/ui/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

function LinkBackHere({ label, icon }: { label: string; icon: ReactNode }) {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const here = query ? `${pathname}?${query}` : pathname;
  return <SignIn href={`/sign-in?next=${encodeURIComponent(here)}`} label={label} icon={icon} />;
}

function SignIn({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <Link href={href} className={buttonClass("primary")} data-testid="sign-in-link">
      {icon}
      {label}
    </Link>
  );
}

/**
 * "Sign in" that brings the person back to the page that asked for it. Its icon comes from the
 * server: this is part of the 401 boundary, whose scripts every page loads.
 */
export function SignInLink({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Suspense fallback={<SignIn href="/sign-in" label={label} icon={icon} />}>
      <LinkBackHere label={label} icon={icon} />
    </Suspense>
  );
}
