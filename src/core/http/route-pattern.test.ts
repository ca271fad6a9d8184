import { describe, expect, it } from "vitest";
import { appRouteOfFile, routeMatcher } from "./route-pattern";

const patterns = [
  "/",
  "/explore",
  "/quiz/[slug]",
  "/quiz/[slug]/edit",
  "/join",
  "/join/[pin]",
  "/api/health",
  "/api/v1/[...path]",
  "/api/v1/quizzes",
  "/api/v1/quizzes/[slug]",
  "/api/v1/quizzes/[slug]/attempts",
  "/api/v1/openapi.json",
  "/api/auth/[...all]",
  "/docs/[[...page]]",
];

describe("routeMatcher", () => {
  const route = routeMatcher(patterns);
  it.each([
    ["/", "/"],
    ["/explore?q=fish", "/explore"],
    ["/quiz/capitals-of-europe", "/quiz/[slug]"],
    ["/quiz/capitals-of-europe/edit", "/quiz/[slug]/edit"],
    ["/join", "/join"],
    ["/join/482913", "/join/[pin]"],
    ["/api/v1/quizzes", "/api/v1/quizzes"],
    ["/api/v1/quizzes/abc", "/api/v1/quizzes/[slug]"],
    ["/api/v1/quizzes/abc/attempts", "/api/v1/quizzes/[slug]/attempts"],
    // a static segment wins over the catch-all beside it
    ["/api/v1/openapi.json", "/api/v1/openapi.json"],
    ["/api/v1/no/such/thing", "/api/v1/[...path]"],
    ["/api/v1", "unmatched"], // [...path] needs one segment at least
    ["/api/auth/sign-in/email", "/api/auth/[...all]"],
    ["/docs", "/docs/[[...page]]"],
    ["/docs/a/b", "/docs/[[...page]]"],
    ["/_next/static/chunks/app-123.js", "/_next/static"],
    ["/_next/image?url=x", "/_next"],
    ["/favicon.ico", "/[file]"],
    ["/quiz/a/b/c", "unmatched"],
    ["/%E0%A4%A", "unmatched"],
  ])("%s → %s", (path, expected) => {
    expect(route(path)).toBe(expected);
  });

  it("never returns a raw id: unknown paths share one label", () => {
    const labels = new Set(Array.from({ length: 50 }, (_, i) => route(`/nothing-here-${i}/x`)));
    expect([...labels]).toEqual(["unmatched"]);
  });
});

describe("appRouteOfFile", () => {
  it.each([
    ["page.tsx", "/"],
    ["quiz/[slug]/page.tsx", "/quiz/[slug]"],
    ["api/v1/[...path]/route.ts", "/api/v1/[...path]"],
    ["api/v1/openapi.json/route.ts", "/api/v1/openapi.json"],
    ["docs/[[...page]]/page.mdx", "/docs/[[...page]]"],
    ["icon.svg", "/icon.svg"],
    ["favicon.ico", "/favicon.ico"],
    ["robots.txt", "/robots.txt"],
    ["quiz/[slug]/opengraph-image.tsx", "/quiz/[slug]/opengraph-image"],
    ["sitemap.ts", "/sitemap"],
    ["(site)/about/page.tsx", "/about"],
    ["@modal/login/page.tsx", "/login"],
  ])("%s serves %s", (file, route) => expect(appRouteOfFile(file)).toBe(route));

  it.each(["layout.tsx", "quiz/[slug]/loading.tsx", "not-found.tsx", "globals.css", "study/guest-views.tsx", "_parts/page.tsx", "quiz/_lib/route.ts"])(
    "%s serves no route",
    (file) => expect(appRouteOfFile(file)).toBeNull(),
  );
});
