"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { FIELD_ERROR_ARGS, isFieldErrorCode } from "@/core/field-errors";

/**
 * A form field's problem, from the catalogue by its code (`fieldErrors` in the messages; the rules
 * in src/core give codes, the server answers them as `fieldCodes`). Anything else reads as `invalid`.
 */
export function useFieldErrorText(): (code: string | null | undefined) => string {
  const t = useTranslations("fieldErrors");
  return useCallback((code) => {
    const known = isFieldErrorCode(code) ? code : "invalid";
    return t(known, FIELD_ERROR_ARGS[known] ?? {});
  }, [t]);
}
