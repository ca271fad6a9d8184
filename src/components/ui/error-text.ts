"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/**
 * An error the viewer can see, from the catalogue by its code (`errorCodes` in the messages), in
 * the viewer's language: the server's message is English and meant for logs and API clients. An
 * unknown code reads as `internal_error`.
 */
export function useErrorText(): (code: string | null | undefined) => string {
  const t = useTranslations("errorCodes");
  return useCallback((code) => (code && t.has(code as never) ? t(code as never) : t("internal_error")), [t]);
}
