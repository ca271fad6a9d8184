import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmtpSink, type SmtpSink } from "@/test/smtp-sink";

// The settings and the log lines, as the test sets and reads them.
const settings: { QUIZDECK_SMTP_URL?: string; QUIZDECK_MAIL_FROM?: string } = {};
const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
vi.mock("@/env", () => ({ env: () => settings }));
vi.mock("@/log", () => {
  const logger = {
    child: () => logger,
    ...Object.fromEntries(["info", "warn", "error"].map((level) => [level, (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message })])),
  };
  return { log: () => logger };
});
const { composeAccountMail, mailConfigured, sendAccountMail } = await import("./mail");

const ana = { to: "ana@school.example", name: "Ana <3", handle: "ana", link: "http://192.168.1.20:3000/reset-password?token=t0k&x=1" };

describe("composeAccountMail", () => {
  it.each([
    ["resetPassword", "en", "Choose a new Quizdeck password", "Hello Ana <3,", "The link works for one hour, once."],
    ["resetPassword", "es", "Elige una contraseña nueva para Quizdeck", "Hola, Ana <3:", "El enlace funciona durante una hora y una sola vez."],
    ["verifyEmail", "en", "Confirm your email for Quizdeck", "Open this link to confirm that ana@school.example is yours.", "24 hours"],
    ["verifyEmail", "es", "Confirma tu correo en Quizdeck", "Abre este enlace para confirmar que ana@school.example es tuyo.", "24 horas"],
    ["changeEmail", "en", "Confirm your new email for Quizdeck", "the Quizdeck account @ana to this address (ana@school.example)", "24 hours"],
    ["changeEmail", "es", "Confirma tu correo nuevo en Quizdeck", "la cuenta de Quizdeck @ana a esta dirección (ana@school.example)", "24 horas"],
  ] as const)("%s in %s", (kind, locale, subject, line, expiry) => {
    const mail = composeAccountMail({ ...ana, kind, locale });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(line);
    expect(mail.text).toContain(expiry);
    expect(mail.text).toContain(ana.link);
    expect(mail.html).toContain(`lang="${locale}"`);
    expect(mail.html).toContain('href="http://192.168.1.20:3000/reset-password?token=t0k&amp;x=1"');
    expect(mail.html).not.toContain("Ana <3");
  });

  it("falls back to English for a locale it does not have", () => {
    expect(composeAccountMail({ ...ana, kind: "resetPassword", locale: "fr" }).subject).toBe("Choose a new Quizdeck password");
    expect(composeAccountMail({ ...ana, kind: "resetPassword", locale: null }).subject).toBe("Choose a new Quizdeck password");
  });
});

describe("sendAccountMail", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  beforeEach(() => {
    lines.length = 0;
    delete settings.QUIZDECK_SMTP_URL;
    delete settings.QUIZDECK_MAIL_FROM;
  });

  it("without SMTP, sends nothing and logs the link for the administrator", async () => {
    expect(mailConfigured()).toBe(false);
    const before = sink.messages.length;
    await sendAccountMail({ ...ana, kind: "resetPassword", locale: "en" });
    expect(lines).toEqual([
      {
        level: "warn",
        fields: { kind: "resetPassword", to: ana.to, link: ana.link },
        message: "mail is not configured (QUIZDECK_SMTP_URL): give this link to the person who asked for it",
      },
    ]);
    expect(sink.messages).toHaveLength(before);
  });

  it("with SMTP, delivers text and HTML from the configured sender, in the account's language", async () => {
    settings.QUIZDECK_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
    settings.QUIZDECK_MAIL_FROM = "Quizdeck <quiz@school.example>";
    expect(mailConfigured()).toBe(true);
    await sendAccountMail({ ...ana, kind: "verifyEmail", locale: "es" });
    const mail = await sink.waitFor(ana.to);
    expect(mail.from).toBe("quiz@school.example");
    expect(mail.subject).toBe("Confirma tu correo en Quizdeck");
    expect(mail.links).toEqual([ana.link]);
    expect(mail.html).toContain('href="http://192.168.1.20:3000/reset-password?token=t0k&amp;x=1"');
    expect(lines.map((l) => [l.level, l.message, l.fields.link])).toEqual([["info", "mail sent", undefined]]);
  });

  it("logs a failed send without the link or the password, and does not throw", async () => {
    // A server that was there and is gone: nothing listens on its port any more.
    const gone = await startSmtpSink();
    await gone.close();
    settings.QUIZDECK_SMTP_URL = `smtp://quiz:s3cret@127.0.0.1:${gone.port}`;
    settings.QUIZDECK_MAIL_FROM = "quiz@school.example";
    await expect(sendAccountMail({ ...ana, kind: "resetPassword", locale: "en" })).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe("error");
    expect(lines[0]!.message).toBe("mail could not be sent");
    expect(JSON.stringify(lines[0])).not.toContain("t0k");
    expect(JSON.stringify(lines[0])).not.toContain("s3cret");
  });
});
