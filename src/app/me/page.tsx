import { unauthorized } from "next/navigation";
import { getViewer } from "@/server/viewer";

export default async function MePage() {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  return null;
}
