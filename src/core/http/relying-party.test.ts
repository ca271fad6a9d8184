import { describe, expect, it } from "vitest";
import { relyingParty } from "./relying-party";

describe("relyingParty", () => {
  it.each([
    ["https://quiz.school.example", { ok: true, id: "quiz.school.example", origin: "https://quiz.school.example" }],
    ["https://quiz.school.example:8443/", { ok: true, id: "quiz.school.example", origin: "https://quiz.school.example:8443" }],
    ["http://localhost:3000", { ok: true, id: "localhost", origin: "http://localhost:3000" }],
    ["http://app.localhost:3000", { ok: true, id: "app.localhost", origin: "http://app.localhost:3000" }],
    ["http://127.0.0.1:3000", { ok: false, reason: "ip_address", origin: "http://127.0.0.1:3000" }],
    ["https://192.168.1.20", { ok: false, reason: "ip_address", origin: "https://192.168.1.20" }],
    ["http://[::1]:3000", { ok: false, reason: "ip_address", origin: "http://[::1]:3000" }],
    ["https://[2001:db8::1]", { ok: false, reason: "ip_address", origin: "https://[2001:db8::1]" }],
    ["http://quizdeck.test:3000", { ok: false, reason: "not_secure", origin: "http://quizdeck.test:3000" }],
    ["http://localhost.example.com", { ok: false, reason: "not_secure", origin: "http://localhost.example.com" }],
  ])("%s", (origin, expected) => {
    expect(relyingParty(origin)).toEqual(expected);
  });
});
