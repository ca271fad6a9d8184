import { env } from "@/env";

/** The origin links and share cards point at: QUIZDECK_PUBLIC_URL, else this server on localhost. */
export function publicUrl(): string {
  const e = env();
  return (e.QUIZDECK_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}
