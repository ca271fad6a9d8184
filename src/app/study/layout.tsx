import { GuestStudySync } from "@/components/study/guest-sync";
import { ClientMessages } from "@/i18n/client-messages";
import { getViewer } from "@/server/viewer";

/**
 * Study pages: the dashboard's settings and the session's cards, with solo play's answer inputs.
 * A member's study pages also take in what this browser studied while signed out.
 */
export default async function StudyLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  return (
    <ClientMessages namespaces={["study", "play", "errorCodes"]}>
      {viewer && <GuestStudySync />}
      {children}
    </ClientMessages>
  );
}
