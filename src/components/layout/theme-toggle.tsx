"use client";

import { useTheme } from "next-themes";
import type { ReactNode } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { buttonClass } from "@/components/ui/button";

/** Light or dark; the labels and both icons come from the server (site-header.tsx). */
export function ThemeToggle({ toLight, toDark, sun, moon }: { toLight: string; toDark: string; sun: ReactNode; moon: ReactNode }) {
  const { resolvedTheme, setTheme } = useTheme();
  // The theme is known only in the browser; render a neutral button on the server.
  const mounted = useHydrated();
  const dark = mounted && resolvedTheme === "dark";
  return (
    <button
      type="button"
      className={buttonClass("ghost", "icon")}
      onClick={() => setTheme(dark ? "light" : "dark")}
      aria-label={dark ? toLight : toDark}
      title={dark ? toLight : toDark}
      data-testid="theme-toggle"
    >
      {dark ? sun : moon}
    </button>
  );
}
