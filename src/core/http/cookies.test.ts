import { describe, expect, it } from "vitest";
import { cookiesAreSecure } from "./cookies";

describe("cookiesAreSecure", () => {
  it.each([
    { publicUrl: undefined, requestScheme: null, secure: false },
    { publicUrl: undefined, requestScheme: "http", secure: false },
    { publicUrl: undefined, requestScheme: "https", secure: true },
    { publicUrl: "http://192.168.1.20:3000", requestScheme: "https", secure: true },
    { publicUrl: "http://192.168.1.20:3000", requestScheme: "http", secure: false },
    { publicUrl: "https://quiz.example.org", requestScheme: "http", secure: true },
    { publicUrl: "HTTPS://quiz.example.org", requestScheme: null, secure: true },
    // Only the exact scheme counts: anything else is plain HTTP.
    { publicUrl: undefined, requestScheme: "https, http", secure: false },
  ])("public URL $publicUrl, request scheme $requestScheme → $secure", ({ secure, ...input }) => {
    expect(cookiesAreSecure(input)).toBe(secure);
  });
});
