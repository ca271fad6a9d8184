import { unauthorized } from "next/navigation";
import { getViewer } from "@/server/viewer";

// The moderation queue arrives with accounts; until then nobody is signed in, so everyone gets 401.
export default async function AdminPage() {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  return null;
}
