/**
 * Server actions from other sites. Next runs a server action for a POST that carries the
 * Next-Action header (the fetch its client sends) and for a multipart form POST (a form that
 * works without JavaScript), and refuses one whose Origin names another host than the request's:
 * rightly, but with a 500. The custom server answers it first with `403 forbidden`, by the same
 * comparison as Next's, so it never refuses an action that Next would run. Pure: the server reads
 * the headers and passes them in.
 */

export const CROSS_SITE_MESSAGE = "Requests from other sites are not accepted.";

/** The request as Next reads it for a server action. */
export type ActionRequest = {
  method: string | undefined;
  contentType: string | undefined;
  /** The Next-Action header. */
  action: string | undefined;
  origin: string | undefined;
  /** X-Forwarded-Host, whoever sent it (Next reads it from anyone). */
  forwardedHost: string | undefined;
  host: string | undefined;
};

/** Whether Next treats the request as a server action that may run (fetch or multipart form). */
export function mayBeServerAction(req: Pick<ActionRequest, "method" | "contentType" | "action">): boolean {
  if (req.method !== "POST") return false;
  return req.action !== undefined || Boolean(req.contentType?.startsWith("multipart/form-data"));
}

/**
 * Whether Next would refuse this server action as coming from another site: an Origin (the
 * string "null" included, as sandboxed frames and some redirects send) whose host is not the first
 * X-Forwarded-Host, or the Host without one. No Origin at all is let through, as Next does: a
 * browser sends one with every cross-site POST. An Origin that is no URL is refused (Next fails
 * on it).
 */
export function crossSiteAction(req: Pick<ActionRequest, "origin" | "forwardedHost" | "host">): boolean {
  if (req.origin === undefined) return false;
  let originHost: string;
  if (req.origin === "null") originHost = "null";
  else {
    try {
      originHost = new URL(req.origin).host;
    } catch {
      return true;
    }
  }
  const target = req.forwardedHost?.split(",")[0]?.trim() || req.host;
  return !target || originHost !== target;
}
