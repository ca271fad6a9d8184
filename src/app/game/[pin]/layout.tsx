import type { ReactNode } from "react";
import { ClientMessages } from "@/i18n/client-messages";

/** The message namespaces this segment's client components use (src/i18n/client-messages.tsx). */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["live", "teams", "play", "nav", "errorCodes"]}>{children}</ClientMessages>;
}
