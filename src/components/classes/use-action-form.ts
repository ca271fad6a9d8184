"use client";

import { useState, useTransition } from "react";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";

type Failure = { ok: false; code: string; fieldCodes?: Record<string, string[]> };
type Outcome<T> = { ok: true; value: T } | Failure;

/**
 * A class form's state: runs a server action, and keeps its error as text in the viewer's
 * language (a field's problem under that field, anything else as the form's message).
 */
export function useActionForm() {
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  function run<T>(action: () => Promise<Outcome<T>>, onOk: (value: T) => void) {
    startTransition(async () => {
      const res = await action();
      if (res.ok) {
        setError(null);
        setFields({});
        onOk(res.value);
        return;
      }
      const byField: Record<string, string> = {};
      for (const [k, codes] of Object.entries(res.fieldCodes ?? {})) if (codes[0]) byField[k] = fieldText(codes[0]);
      setFields(byField);
      setError(Object.keys(byField).length && res.code === "validation_failed" ? null : errorText(res.code));
    });
  }
  return { pending, error, fields, run };
}
