"use client";

import { cloneElement, createContext, createElement, isValidElement, useContext, useMemo, type ReactNode } from "react";
import { formatIcuParts, type IcuValue } from "./icu";

/**
 * What client components get when they import from "next-intl": next.config.ts points that import
 * here, in the browser bundle and in server rendering alike, so `useTranslations` keeps next-intl's
 * API and types while the ~15 kB gz ICU parser of next-intl's client runtime stays off the pages
 * (src/i18n/icu.ts formats). next-intl itself still runs on the server (`next-intl/server`).
 * Server components must take `getTranslations` from "next-intl/server": this module's hooks are
 * client code. src/i18n/client-intl.test.ts checks that everything client code imports from
 * "next-intl" exists here and behaves like next-intl's.
 */
type Messages = Record<string, unknown>;
type Config = { locale: string; messages: Messages; timeZone?: string };

const IntlContext = createContext<Config | null>(null);

export function NextIntlClientProvider({ locale, messages, timeZone, children }: Config & { children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages, timeZone }), [locale, messages, timeZone]);
  return createElement(IntlContext.Provider, { value }, children);
}

function useConfig(): Config {
  const config = useContext(IntlContext);
  if (!config) throw new Error("No messages here: wrap the page in ClientMessages (src/i18n/client-messages.tsx).");
  return config;
}

function resolve(messages: unknown, path: string | undefined): unknown {
  if (!path) return messages;
  let at = messages;
  for (const part of path.split(".")) {
    at = at && typeof at === "object" ? (at as Messages)[part] : undefined;
    if (at === undefined || at === null) throw new Error(`Could not resolve \`${path}\` in messages.`);
  }
  return at;
}

type Values = Record<string, IcuValue | ((chunks: ReactNode[]) => ReactNode)>;

/** Like next-intl's translator: a missing or broken message logs the error and reads `namespace.key`. */
export function createTranslator({ locale, messages, timeZone, namespace }: Config & { namespace?: string }) {
  const fallback = (key: string, error: unknown) => {
    console.error(error);
    return [namespace, key].filter(Boolean).join(".");
  };
  const base = (key: string, values?: Values): unknown => {
    let message: unknown;
    try {
      message = resolve(resolve(messages, namespace), key);
    } catch (error) {
      return fallback(key, error);
    }
    if (typeof message !== "string") return fallback(key, new Error(`Message at \`${key}\` is not a string.`));
    // next-intl's hot path: a message without arguments and values is returned as written.
    if (!values && !/'[{}]/.test(message) && !/<|\{/.test(message)) return message;
    let index = 0;
    const prepared: Record<string, IcuValue> = {};
    for (const [name, value] of Object.entries(values ?? {})) {
      prepared[name] =
        typeof value === "function"
          ? (chunks: unknown[]) => {
              const result = (value as (c: unknown[]) => unknown)(chunks);
              return isValidElement(result) ? cloneElement(result, { key: name + index++ }) : result;
            }
          : value;
    }
    try {
      const parts = formatIcuParts(message, prepared, locale, timeZone);
      return parts.length <= 1 ? (parts[0] ?? "") : parts;
    } catch (error) {
      return fallback(key, error);
    }
  };
  const t = (key: string, values?: Values) => {
    const result = base(key, values);
    return typeof result === "string" ? result : fallback(key, new Error(`The message \`${key}\` did not resolve to a string; use t.rich.`));
  };
  t.rich = (key: string, values?: Values) => base(key, values) as ReactNode;
  t.markup = t;
  t.raw = (key: string) => {
    try {
      return resolve(resolve(messages, namespace), key);
    } catch (error) {
      return fallback(key, error);
    }
  };
  t.has = (key: string) => {
    try {
      resolve(resolve(messages, namespace), key);
      return true;
    } catch {
      return false;
    }
  };
  return t;
}

export function useTranslations(namespace?: string) {
  const config = useConfig();
  // Stable while the messages are: effects and callbacks that depend on `t` must not re-run.
  return useMemo(() => createTranslator({ ...config, namespace }), [config, namespace]);
}

export function useFormatter() {
  const { locale, timeZone } = useConfig();
  return useMemo(
    () => ({
      number: (value: number | bigint, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value),
      dateTime: (value: Date | number, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(value),
      list: (value: Iterable<string>, options?: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options).format(value),
    }),
    [locale, timeZone],
  );
}

export function useLocale() {
  return useConfig().locale;
}

export function useMessages() {
  return useConfig().messages;
}

export function useTimeZone() {
  return useConfig().timeZone;
}
