"use client";

import { LogIn } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { buttonClass } from "@/components/ui/button";

function LinkBackHere({ label }: { label: string }) {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const here = query ? `${pathname}?${query}` : pathname;
  return <SignIn href={`/sign-in?next=${encodeURIComponent(here)}`} label={label} />;
}

function SignIn({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={buttonClass("primary")} data-testid="sign-in-link">
      <LogIn className="size-4" aria-hidden />
      {label}
    </Link>
  );
}

/** "Sign in" that brings the person back to the page that asked for it. */
export function SignInLink({ label }: { label: string }) {
  return (
    <Suspense fallback={<SignIn href="/sign-in" label={label} />}>
      <LinkBackHere label={label} />
    </Suspense>
  );
}
