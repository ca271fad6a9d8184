"use client";

import { useEffect } from "react";

/** Keys 1–6 pick an option, Enter submits (while focus is not in a text field or on a button). */
export function useChoiceKeys(count: number, pick: (i: number) => void, onSubmit: () => void, disabled: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (disabled || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement;
      if (target.tagName === "INPUT" || target.tagName === "TEXTAREA") return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= count) {
        e.preventDefault();
        pick(n - 1);
      } else if (e.key === "Enter" && target.tagName !== "BUTTON") {
        e.preventDefault();
        onSubmit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count, pick, onSubmit, disabled]);
}
