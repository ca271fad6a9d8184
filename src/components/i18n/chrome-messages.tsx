"use client";

import { createContext, useContext, type ReactNode } from "react";
import type en from "@/i18n/messages/en.json";

/**
 * The strings of the client parts every page has (the error screen; the header and the tab bar
 * get theirs as props from the server), passed down as plain strings by the root layout (src/i18n/templates.ts). next-intl's client runtime
 * then loads only on pages whose own client components translate (src/i18n/client-messages.tsx).
 * These messages may hold `{name}` placeholders and nothing more (a unit test checks).
 */
export type ChromeNamespace = "errors";
export type ChromeMessages = { locale: string; errors: Record<string, string> };

const ChromeContext = createContext<ChromeMessages | null>(null);

export function ChromeMessagesProvider({ value, children }: { value: ChromeMessages; children: ReactNode }) {
  return <ChromeContext.Provider value={value}>{children}</ChromeContext.Provider>;
}

/** Fills `{name}` placeholders; a message that is missing shows its key, as next-intl does. */
export function formatChrome(messages: Record<string, string> | undefined, namespace: string, key: string, values?: Record<string, string | number>) {
  const message = messages?.[key];
  if (message === undefined) return `${namespace}.${key}`;
  return values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : message;
}

/** Like next-intl's useTranslations for the chrome's namespaces. */
export function useChromeTranslations<N extends ChromeNamespace>(namespace: N) {
  const chrome = useContext(ChromeContext);
  return (key: keyof (typeof en)[N] & string, values?: Record<string, string | number>) => formatChrome(chrome?.[namespace], namespace, key, values);
}

/** The interface language, for the language selector. */
export function useChromeLocale() {
  return useContext(ChromeContext)?.locale ?? "en";
}
