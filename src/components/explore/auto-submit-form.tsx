"use client";

import type { ComponentProps } from "react";

/** A GET form that submits itself when a select changes, so filters apply at once. */
export function AutoSubmitForm(props: ComponentProps<"form">) {
  return (
    <form
      {...props}
      onChange={(e) => {
        if (e.target instanceof HTMLSelectElement) e.currentTarget.requestSubmit();
      }}
    />
  );
}
