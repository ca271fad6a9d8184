import "server-only";
import type { Transporter } from "nodemailer";
import { composeMail, redactSmtpUrl, type Mail, type MailKind } from "@/core/mail";
import { env } from "@/env";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/core/locale";
import en from "@/i18n/messages/en.json";
import es from "@/i18n/messages/es.json";
import { fillTemplate, messageTemplate } from "@/i18n/templates";
import { log } from "@/log";

/**
 * Account mail through SMTP (nodemailer), in the recipient's language. Without QUIZDECK_SMTP_URL
 * nothing is sent: the link is logged for the administrator, and the pages say to ask them.
 */

const CATALOGUES: Record<Locale, { mail: unknown }> = { en, es };

/**
 * A message of the `mail` catalogue as text. Mail is sent outside any page render (and by
 * `npm run admin`), where next-intl's request-bound translator is not available; its messages
 * hold `{name}` arguments only, filled here (src/i18n/templates.ts reads them raw or precompiled).
 */
function mailText(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const message = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], CATALOGUES[locale].mail);
  return fillTemplate(messageTemplate(message, `mail.${key}`), values);
}

export type AccountMail = {
  kind: MailKind;
  to: string;
  locale: string | null | undefined;
  link: string;
  /** The account's display name and handle, and the address the message is about. */
  name: string;
  handle: string;
};

/** The message for one account mail, in its locale (English when the locale is unknown). */
export function composeAccountMail(mail: AccountMail): Mail {
  const locale = isLocale(mail.locale) ? mail.locale : DEFAULT_LOCALE;
  const t = (key: string, v?: Record<string, string>) => mailText(locale, key, v);
  const values = { name: mail.name, email: mail.to, handle: `@${mail.handle}` };
  return composeMail(
    {
      subject: t(`${mail.kind}.subject`),
      greeting: t("greeting", values),
      paragraphs: [t(`${mail.kind}.body`, values)],
      action: t(`${mail.kind}.action`),
      expiry: t(`${mail.kind}.expiry`),
      ignore: t("ignore"),
      signature: t("signature"),
    },
    mail.link,
    locale,
  );
}

/** Whether this server sends mail (QUIZDECK_SMTP_URL); pages say "ask your administrator" when not. */
export const mailConfigured = () => Boolean(env().QUIZDECK_SMTP_URL);

// One transport per process and SMTP URL, like the logger (src/log.ts for why globalThis): a
// server has one URL, but a transport made for another URL never sends to that one's server.
// nodemailer loads when the first mail is sent, not with every page that asks whether mail is
// configured.
const KEY = Symbol.for("quizdeck.mail");
const slot = globalThis as typeof globalThis & { [KEY]?: Map<string, Promise<Transporter>> };

function transport(url: string): Promise<Transporter> {
  const transports = (slot[KEY] ??= new Map());
  let made = transports.get(url);
  if (!made) {
    made = import("nodemailer").then(({ createTransport }) => createTransport(url, { from: env().QUIZDECK_MAIL_FROM }));
    transports.set(url, made);
  }
  return made;
}

/**
 * Sends one account mail, or logs its link when mail is not configured. Never throws: a failed
 * send is logged (without the link) and the person can ask again; callers run it in the
 * background, so whether an address has an account never shows in how long a request takes.
 */
export async function sendAccountMail(mail: AccountMail): Promise<void> {
  const url = env().QUIZDECK_SMTP_URL;
  const logger = log().child({ component: "mail" });
  if (!url) {
    logger.warn(
      { kind: mail.kind, to: mail.to, link: mail.link },
      "mail is not configured (QUIZDECK_SMTP_URL): give this link to the person who asked for it",
    );
    return;
  }
  const message = composeAccountMail(mail);
  try {
    await (await transport(url)).sendMail({ to: mail.to, subject: message.subject, text: message.text, html: message.html });
    logger.info({ kind: mail.kind, to: mail.to }, "mail sent");
  } catch (err) {
    logger.error({ kind: mail.kind, to: mail.to, smtp: redactSmtpUrl(url), err: (err as Error).message }, "mail could not be sent");
  }
}
