"use client";

import { Moon, Sun } from "lucide-react";
import { useChromeTranslations } from "@/components/i18n/chrome-messages";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";

const subscribe = () => () => {};

export function ThemeToggle() {
  const t = useChromeTranslations("nav");
  const { resolvedTheme, setTheme } = useTheme();
  // The theme is known only in the browser; render a neutral button on the server.
  const mounted = useSyncExternalStore(subscribe, () => true, () => false);
  const dark = mounted && resolvedTheme === "dark";
  return (
    <button
      type="button"
      className={buttonClass("ghost", "icon")}
      onClick={() => setTheme(dark ? "light" : "dark")}
      aria-label={dark ? t("themeToLight") : t("themeToDark")}
      title={dark ? t("themeToLight") : t("themeToDark")}
      data-testid="theme-toggle"
    >
      {dark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
