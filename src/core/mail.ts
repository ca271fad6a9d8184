/**
 * Account mail: how the SMTP settings are read and what a message looks like. Pure: the server
 * (src/server/mail.ts) translates the words, builds the link and sends.
 */

/** The mails accounts send, each with the one link that does what it says. */
export const MAIL_KINDS = ["resetPassword", "verifyEmail", "changeEmail"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How long each link works, in seconds (Better Auth's token lifetimes, set in src/server/auth.ts). */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60;

/** Where QUIZDECK_SMTP_URL is wrong, or null: smtp:// (STARTTLS when offered) or smtps:// (TLS), a host, an optional port. */
export function smtpUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL such as smtp://user:password@mail.example.org:587 or smtps://…:465";
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return "must start with smtp:// or smtps://";
  if (!url.hostname) return "must name the mail server's host";
  if (url.pathname && url.pathname !== "/" && url.pathname !== "") return "must have no path (smtp://user:password@host:port)";
  return null;
}

/** The SMTP URL with its password hidden, for logs and errors. */
export function redactSmtpUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(not a URL)";
  }
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/**
 * QUIZDECK_MAIL_FROM: `quiz@school.example` or `Quizdeck <quiz@school.example>`. Returns the
 * value trimmed, or null when it is not one address.
 */
export function parseMailFrom(value: string): string | null {
  const v = value.trim();
  const named = /^([^<>"]*|"[^"]*")\s*<([^<>]+)>$/.exec(v);
  const address = named ? named[2]!.trim() : v;
  return ADDRESS.test(address) ? v : null;
}

/** The words of one message, already in the reader's language. */
export type MailText = {
  subject: string;
  /** Opening line ("Hello Ana,"). */
  greeting: string;
  /** What happened and what the link does; one paragraph each. */
  paragraphs: string[];
  /** The button's label. */
  action: string;
  /** "The link works for one hour." */
  expiry: string;
  /** "If you did not ask for this, ignore this message." */
  ignore: string;
  /** "Quizdeck" — the signature. */
  signature: string;
};

export type Mail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A message in plain text and HTML with the same words and the same link. The HTML is one
 * table-free column with inline styles (mail clients drop <style>), the link also written out
 * for clients that block buttons; every piece of text is escaped.
 */
export function composeMail(words: MailText, link: string, lang: string): Mail {
  const text = [words.greeting, "", ...words.paragraphs.flatMap((p) => [p, ""]), `${words.action}: ${link}`, "", words.expiry, words.ignore, "", `— ${words.signature}`, ""].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const href = escapeHtml(link);
  const html = [
    "<!doctype html>",
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(words.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#18181b">',
    '<div style="max-width:32rem;margin:0 auto;background:#ffffff;border-radius:16px;padding:24px">',
    p(words.greeting),
    ...words.paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:12px">${escapeHtml(words.action)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#52525b;word-break:break-all"><a href="${href}" style="color:#4338ca">${href}</a></p>`,
    p(words.expiry),
    p(words.ignore),
    `<p style="margin:0;color:#52525b">— ${escapeHtml(words.signature)}</p>`,
    "</div></body></html>",
  ].join("\n");
  return { subject: words.subject, text, html };
}
