import type { ReactNode } from "react";
import { ClientMessages } from "@/i18n/client-messages";
import "./report-print.css";

/** The report pages' segment layout: the messages their client components use, and the print stylesheet. */
export function ReportLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["gameReport"]}>{children}</ClientMessages>;
}
