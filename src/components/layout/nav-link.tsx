"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Which paths a main link stands for: exactly its own, or any under one of the prefixes. */
export type NavMatch = { exact?: string; prefixes?: readonly string[] };

export const navActive = (match: NavMatch, pathname: string) => pathname === match.exact || (match.prefixes ?? []).some((p) => pathname.startsWith(p));

/**
 * A main link that marks itself as the current page. Only this part runs in the browser: the
 * header and the tab bar, with their icons, are rendered on the server and passed in as children.
 */
export function NavLink({ href, match, className, active, idle, children }: { href: string; match: NavMatch; className: string; active: string; idle: string; children: ReactNode }) {
  const current = navActive(match, usePathname());
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={`${className} ${current ? active : idle}`}>
      {children}
    </Link>
  );
}
