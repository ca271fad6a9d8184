import { describe, expect, it } from "vitest";
import { crossSiteAction, mayBeServerAction, type ActionRequest } from "./action-origin";

describe("mayBeServerAction: what Next takes for a server action", () => {
  it.each<[string, Pick<ActionRequest, "method" | "contentType" | "action">, boolean]>([
    ["a fetch action (Next-Action)", { method: "POST", contentType: "text/plain;charset=UTF-8", action: "7f3a" }, true],
    ["a fetch action with files (multipart)", { method: "POST", contentType: "multipart/form-data; boundary=x", action: "7f3a" }, true],
    ["a form without JavaScript (multipart, no header)", { method: "POST", contentType: "multipart/form-data; boundary=x", action: undefined }, true],
    ["an empty Next-Action is still one", { method: "POST", contentType: undefined, action: "" }, true],
    ["a URL-encoded form (Next renders the page)", { method: "POST", contentType: "application/x-www-form-urlencoded", action: undefined }, false],
    ["a JSON POST (an API route)", { method: "POST", contentType: "application/json", action: undefined }, false],
    ["a GET with the header", { method: "GET", contentType: undefined, action: "7f3a" }, false],
  ])("%s: %s", (_, req, expected) => {
    expect(mayBeServerAction(req)).toBe(expected);
  });
});

describe("crossSiteAction: Next's own comparison of Origin and host", () => {
  it.each<[string, Pick<ActionRequest, "origin" | "forwardedHost" | "host">, boolean]>([
    ["same host", { origin: "http://192.168.1.20:3000", forwardedHost: undefined, host: "192.168.1.20:3000" }, false],
    ["another site", { origin: "https://evil.example", forwardedHost: undefined, host: "192.168.1.20:3000" }, true],
    ["the same name on another port", { origin: "http://quiz.local:8080", forwardedHost: undefined, host: "quiz.local:3000" }, true],
    ["behind a proxy: the forwarded host", { origin: "https://quiz.school.org", forwardedHost: "quiz.school.org", host: "127.0.0.1:3000" }, false],
    ["behind a proxy: the first forwarded value", { origin: "https://quiz.school.org", forwardedHost: "quiz.school.org, 10.0.0.1", host: "127.0.0.1:3000" }, false],
    ["a forwarded host wins over the Host", { origin: "http://127.0.0.1:3000", forwardedHost: "quiz.school.org", host: "127.0.0.1:3000" }, true],
    ["an empty forwarded host: the Host", { origin: "http://127.0.0.1:3000", forwardedHost: "", host: "127.0.0.1:3000" }, false],
    ["no Origin (not a browser): let through", { origin: undefined, forwardedHost: undefined, host: "127.0.0.1:3000" }, false],
    ["Origin null", { origin: "null", forwardedHost: undefined, host: "127.0.0.1:3000" }, true],
    ["an Origin that is no URL", { origin: "not a url", forwardedHost: undefined, host: "127.0.0.1:3000" }, true],
    ["no host to compare with", { origin: "http://127.0.0.1:3000", forwardedHost: undefined, host: undefined }, true],
    ["default ports are dropped from the Origin's host", { origin: "https://quiz.school.org:443", forwardedHost: "quiz.school.org", host: "x" }, false],
  ])("%s", (_, req, expected) => {
    expect(crossSiteAction(req)).toBe(expected);
  });
});
