import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { namespaceTemplates } from "@/i18n/templates";
import { ChromeMessagesProvider, type ChromeMessages } from "@/components/i18n/chrome-messages";
import { MobileNav } from "@/components/layout/mobile-nav";
import { Providers } from "@/components/layout/providers";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { publicUrl } from "@/server/public-url";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    metadataBase: new URL(await publicUrl()),
    title: { default: `Quizdeck — ${t("tagline")}`, template: "%s · Quizdeck" },
    description: t("description"),
    applicationName: "Quizdeck",
    openGraph: { siteName: "Quizdeck", type: "website" },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("nav");
  // The custom server's per-response nonce (src/server/main.ts), for next-themes' inline script.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // No next-intl provider here: each route segment's layout passes its pages the namespaces they
  // use (src/i18n/client-messages.tsx), and the error screen gets its own few strings.
  const chrome: ChromeMessages = { locale, errors: namespaceTemplates(await getMessages(), "errors") };
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t("skip")}
        </a>
        <ChromeMessagesProvider value={chrome}>
          <Providers nonce={nonce}>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter />
            <MobileNav />
          </Providers>
        </ChromeMessagesProvider>
      </body>
    </html>
  );
}
