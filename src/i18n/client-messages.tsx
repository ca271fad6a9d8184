import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { pickMessages } from "./pick-messages";

/**
 * Gives the client components below it the message namespaces they use, and only those: the
 * messages are inlined in the page, and the whole catalogue is ~9 kB gz. A route segment's layout
 * wraps its pages in one (a nested one replaces its parent's messages, it does not add to them);
 * src/i18n/client-messages.test.ts follows each page's imports and fails when a client component
 * uses a namespace its layout does not list. The root layout has none: the site chrome gets its
 * strings from ChromeMessagesProvider. The messages come precompiled (next.config.ts), so
 * next-intl's client formats them without an ICU parser in the browser.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = (await getMessages()) as Record<string, unknown>;
  return (
    <NextIntlClientProvider locale={await getLocale()} timeZone={await getTimeZone()} messages={pickMessages(messages, namespaces)}>
      {children}
    </NextIntlClientProvider>
  );
}
