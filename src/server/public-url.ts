import "server-only";
import { networkInterfaces } from "node:os";
import { headers } from "next/headers";
import { lanOrigins } from "@/core/http/origin";
import { env } from "@/env";
import { originFromHeaders } from "./request-origin";

export { originFromHeaders };

/** The origin for links in this request's page (see originFromHeaders). */
export async function publicUrl(): Promise<string> {
  return originFromHeaders(await headers());
}

/** Whether links are fixed by QUIZDECK_PUBLIC_URL (then the lobby does not second-guess them). */
export const publicUrlConfigured = () => Boolean(env().QUIZDECK_PUBLIC_URL);

/** This machine's addresses on its networks that this server answers on, as origins (for the lobby). */
export function lanUrls(): string[] {
  return lanOrigins(networkInterfaces(), env().PORT, env().HOSTNAME);
}
