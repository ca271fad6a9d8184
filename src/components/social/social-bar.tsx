import { getTranslations } from "next-intl/server";
import { socialStateOf } from "@/server/social";
import { getViewer } from "@/server/viewer";
import { SocialControls } from "./social-controls";

/**
 * Favorite, rating and report controls of a quiz page. Guests see them too; using one asks them
 * to sign in. The member's own state is read here, on the server.
 */
export async function SocialBar({ quiz }: { quiz: { id: string; slug: string; title: string; ownerId: string; status: string } }) {
  // A draft or hidden quiz (seen by its owner or an admin) is not open to ratings or reports.
  if (quiz.status !== "published") return null;
  const t = await getTranslations("social");
  const viewer = await getViewer();
  const state = viewer ? await socialStateOf(viewer.id, quiz.id) : { favorite: false, rating: null, reported: false };
  return (
    <section aria-label={t("label")} className="mt-6" data-testid="social-bar">
      <SocialControls
        slug={quiz.slug}
        title={quiz.title}
        signedIn={Boolean(viewer)}
        isOwner={viewer?.id === quiz.ownerId}
        initial={state}
      />
    </section>
  );
}
