import { describe, expect, it } from "vitest";
import { composeMail, parseMailFrom, redactSmtpUrl, smtpUrlProblem, type MailText } from "./mail";

describe("smtpUrlProblem", () => {
  it.each([
    ["smtp://mail.school.example", null],
    ["smtp://user:pass@mail.school.example:587", null],
    ["smtps://user%40school.example:p%40ss@mail.school.example:465", null],
    ["smtp://127.0.0.1:2525", null],
    ["smtp://[::1]:2525/", null],
    ["mail server", "must be a URL such as smtp://user:password@mail.example.org:587 or smtps://…:465"],
    ["https://mail.school.example", "must start with smtp:// or smtps://"],
    ["smtp://mail.school.example/path", "must have no path (smtp://user:password@host:port)"],
  ])("%s → %s", (url, problem) => {
    expect(smtpUrlProblem(url)).toBe(problem);
  });
});

describe("redactSmtpUrl", () => {
  it("hides the password and keeps the rest", () => {
    expect(redactSmtpUrl("smtp://quiz:s3cret@mail.school.example:587")).toBe("smtp://quiz:***@mail.school.example:587");
    expect(redactSmtpUrl("smtp://mail.school.example")).toBe("smtp://mail.school.example");
    expect(redactSmtpUrl("nonsense")).toBe("(not a URL)");
  });
});

describe("parseMailFrom", () => {
  it.each([
    ["quiz@school.example", "quiz@school.example"],
    ["  Quizdeck <quiz@school.example> ", "Quizdeck <quiz@school.example>"],
    ['"Quizdeck, Room 4" <quiz@school.example>', '"Quizdeck, Room 4" <quiz@school.example>'],
    ["quiz@localhost", null],
    ["Quizdeck", null],
    ["a@school.example, b@school.example", null],
    ["Quizdeck <quiz@school.example", null],
  ])("%j → %j", (value, expected) => {
    expect(parseMailFrom(value)).toBe(expected);
  });
});

describe("composeMail", () => {
  const words: MailText = {
    subject: "Choose a new password",
    greeting: "Hello <b>Ana</b> & co,",
    paragraphs: ["Someone asked to reset the password of \"ana@school.example\"."],
    action: "Choose a new password",
    expiry: "The link works for one hour, once.",
    ignore: "If you did not ask for this, ignore this message.",
    signature: "Quizdeck",
  };
  const link = "https://quiz.school.example/reset-password?token=abc&x=<y>";
  const mail = composeMail(words, link, "en");

  it("says the same words, and gives the same link, in the text and the HTML parts", () => {
    expect(mail.subject).toBe("Choose a new password");
    expect(mail.text).toContain("Hello <b>Ana</b> & co,");
    expect(mail.text).toContain(`Choose a new password: ${link}`);
    expect(mail.text).toContain("The link works for one hour, once.");
    const escapedLink = "https://quiz.school.example/reset-password?token=abc&amp;x=&lt;y&gt;";
    expect(mail.html.match(new RegExp(`href="${escapedLink.replace(/[?.]/g, "\\$&")}"`, "g"))).toHaveLength(2);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("The link works for one hour, once.");
  });

  it("escapes every piece of text in the HTML", () => {
    expect(mail.html).toContain("Hello &lt;b&gt;Ana&lt;/b&gt; &amp; co,");
    expect(mail.html).toContain("&quot;ana@school.example&quot;");
    expect(mail.html).not.toContain("<b>Ana</b>");
  });
});
