import { ClientMessages } from "@/i18n/client-messages";

/** Study pages: the dashboard's settings and the session's cards, with solo play's answer inputs. */
export default function StudyLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["study", "play"]}>{children}</ClientMessages>;
}
