import { GuestStudySync } from "@/components/study/guest-sync";
import { ClientMessages } from "@/i18n/client-messages";
import { viewerNeedsStudyZone } from "@/server/study";
import { getViewer } from "@/server/viewer";

/**
 * Study pages: the dashboard's settings and the session's cards, with solo play's answer inputs.
 * A member's study pages also take in what this browser studied while signed out, and, before
 * any settings are saved, this device's time zone for the study day.
 */
export default async function StudyLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getViewer();
  const offerZone = viewer !== null && (await viewerNeedsStudyZone());
  return (
    <ClientMessages namespaces={["study", "play", "errorCodes"]}>
      {viewer && <GuestStudySync offerZone={offerZone} />}
      {children}
    </ClientMessages>
  );
}
