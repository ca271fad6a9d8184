"use client";

import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A GET form for the library's filters. With JavaScript it applies a changed select at once and
 * navigates to a clean URL that leaves out empty fields (a shareable link holds only what was
 * chosen); without JavaScript it is a plain form and still works.
 */
export function AutoSubmitForm({ action, ...props }: ComponentProps<"form"> & { action: string }) {
  const router = useRouter();
  return (
    <form
      {...props}
      action={action}
      onChange={(e) => {
        if (e.target instanceof HTMLSelectElement) e.currentTarget.requestSubmit();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(e.currentTarget)) {
          if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
        }
        const query = params.toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    />
  );
}
