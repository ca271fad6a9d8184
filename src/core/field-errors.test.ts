import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en.json";
import es from "@/i18n/messages/es.json";
import { apiTokenInput, settingsInput, signInInput, signUpInput } from "./account";
import { FIELD_ERROR_ARGS, FIELD_ERRORS, fieldErrorCode, fieldErrorEnglish } from "./field-errors";

describe("field error codes", () => {
  it("each have a message in both catalogues, with the numbers they name", () => {
    for (const code of Object.keys(FIELD_ERRORS)) {
      expect(en.fieldErrors, code).toHaveProperty(code);
      expect(es.fieldErrors, code).toHaveProperty(code);
      const args = [...(en.fieldErrors as Record<string, string>)[code]!.matchAll(/\{(\w+), number\}/g)].map((m) => m[1]).sort();
      expect(args, code).toEqual(Object.keys(FIELD_ERROR_ARGS[code as keyof typeof FIELD_ERRORS] ?? {}).sort());
    }
    expect(Object.keys(en.fieldErrors).sort()).toEqual(Object.keys(FIELD_ERRORS).sort());
  });

  it("reads a message that is not a code as `invalid`, and keeps its English", () => {
    expect(fieldErrorCode("email_invalid")).toBe("email_invalid");
    expect(fieldErrorCode("Too small: expected string to have >=1 characters")).toBe("invalid");
    expect(fieldErrorCode("toString")).toBe("invalid");
    expect(fieldErrorEnglish("email_invalid")).toBe("Enter a valid email address");
    expect(fieldErrorEnglish("Something else")).toBe("Something else");
  });

  // What a person gets wrong in the account forms comes out as a code, never as English.
  it.each([
    ["sign-up", signUpInput, { email: "nope", handle: "A b", name: "", password: "short" }, { email: "email_invalid", handle: "handle_format", name: "name_missing", password: "password_too_short" }],
    ["sign-up, reserved", signUpInput, { email: "a@b.co", handle: "admin", name: "x".repeat(51), password: "p".repeat(129) }, { handle: "handle_reserved", name: "name_too_long", password: "password_too_long" }],
    ["sign-in", signInInput, { email: "", password: "" }, { email: "email_invalid", password: "password_missing" }],
    ["settings", settingsInput, { name: "a\u0007b", locale: "fr" }, { name: "control_chars", locale: "locale_invalid" }],
    ["token", apiTokenInput, { name: " " }, { name: "token_name_missing" }],
  ] as const)("%s", (_, schema, input, expected) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    const got: Record<string, string> = {};
    for (const issue of r.error!.issues) got[String(issue.path[0])] ??= issue.message;
    expect(got).toEqual(expected);
  });
});
