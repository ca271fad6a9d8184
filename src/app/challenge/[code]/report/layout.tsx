import type { ReactNode } from "react";
import { ReportLayout } from "@/components/report/report-layout";

/** The message namespaces this segment's client components use (src/i18n/client-messages.tsx). */
export default function Layout({ children }: { children: ReactNode }) {
  return <ReportLayout>{children}</ReportLayout>;
}
