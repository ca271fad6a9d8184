import type { ReactNode } from "react";
import { ClientMessages } from "@/i18n/client-messages";
// The print stylesheet of the report pages (docs/rules.md §12).
import "@/components/report/report-print.css";

/** The message namespaces this segment's client components use (src/i18n/client-messages.tsx). */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["gameReport", "teams", "errorCodes"]}>{children}</ClientMessages>;
}
