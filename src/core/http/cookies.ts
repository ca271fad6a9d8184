/**
 * When a cookie we set (the account session, the guest identity) carries `Secure`, so a browser
 * never sends it over plain HTTP: when the site is served over HTTPS. Either the operator said so
 * (QUIZDECK_PUBLIC_URL is an https:// URL), or this request reached us over HTTPS, which only a
 * proxy the server trusts can tell it (the server itself speaks plain HTTP). A plain-HTTP
 * classroom install gets cookies without `Secure`, or the phones could not keep them.
 */
export function cookiesAreSecure(input: { publicUrl: string | undefined; requestScheme: string | null }): boolean {
  return Boolean(input.publicUrl?.toLowerCase().startsWith("https:")) || input.requestScheme === "https";
}
