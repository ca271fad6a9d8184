import { describe, expect, it } from "vitest";
import { LIMITS, imageUrlSchema, questionInput } from "./quiz-schema";

const question = (extra: Record<string, unknown>) => questionInput.safeParse({ type: "boolean", prompt: "Is this a picture?", correct: true, ...extra });
const URL_MESSAGE = "Use a web address that starts with http:// or https://";

describe("a question's picture address (docs/rules.md §5)", () => {
  it.each([
    ["https://upload.example.org/commons/a/ab/Mona_Lisa.jpg", "https://upload.example.org/commons/a/ab/Mona_Lisa.jpg"],
    ["http://192.168.1.20:3000/icon.svg", "http://192.168.1.20:3000/icon.svg"],
    ["HTTPS://EXAMPLE.ORG/A.PNG", "HTTPS://EXAMPLE.ORG/A.PNG"],
    ["  https://example.org/pasted.png \n", "https://example.org/pasted.png"],
    ["https://example.org/a picture.png?size=large#top", "https://example.org/a picture.png?size=large#top"],
    [`https://example.org/${"a".repeat(LIMITS.imageUrlMax - 20)}`, `https://example.org/${"a".repeat(LIMITS.imageUrlMax - 20)}`],
  ])("accepts %j", (input, stored) => {
    expect(imageUrlSchema.parse(input)).toBe(stored);
  });

  it.each([
    ["javascript:alert(document.cookie)", URL_MESSAGE],
    ["JavaScript:alert(1)", URL_MESSAGE],
    ["  javascript:alert(1)", URL_MESSAGE],
    ["data:image/png;base64,iVBORw0KGgo=", URL_MESSAGE],
    ["data:image/svg+xml,<svg onload=alert(1)>", URL_MESSAGE],
    ["ftp://ftp.example.org/picture.png", URL_MESSAGE],
    ["file:///etc/passwd", URL_MESSAGE],
    ["blob:https://example.org/1234", URL_MESSAGE],
    ["/icon.svg", URL_MESSAGE],
    ["icon.svg", URL_MESSAGE],
    ["//example.org/a.png", URL_MESSAGE],
    ["https://", URL_MESSAGE],
    ["https://exa mple.org/a.png", URL_MESSAGE],
    ["https://example.org/a\u0000.png", "Remove control characters"],
    [`https://example.org/${"a".repeat(LIMITS.imageUrlMax)}`, `Too big: expected string to have <=${LIMITS.imageUrlMax} characters`],
  ])("refuses %j", (input, message) => {
    const r = imageUrlSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it("is the rule of every question type, at the imageUrl field", () => {
    expect(question({ imageUrl: "https://example.org/a.png" }).success).toBe(true);
    const r = question({ imageUrl: "javascript:alert(1)" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["imageUrl", URL_MESSAGE]]);
    expect(questionInput.safeParse({ type: "text", prompt: "Who?", accepted: ["x"], imageUrl: "data:image/gif;base64,R0lGOD" }).success).toBe(false);
  });

  it("keeps no picture when none is given", () => {
    expect(question({}).data).not.toHaveProperty("imageUrl");
  });
});

describe("a picture's description (alt text)", () => {
  it("takes up to 200 characters after trimming", () => {
    expect(LIMITS.imageAltMax).toBe(200);
    expect(question({ imageUrl: "https://example.org/a.png", imageAlt: "x".repeat(200) }).success).toBe(true);
    expect(question({ imageUrl: "https://example.org/a.png", imageAlt: ` ${"x".repeat(200)} ` }).data?.imageAlt).toBe("x".repeat(200));
    const r = question({ imageUrl: "https://example.org/a.png", imageAlt: "x".repeat(201) });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.code])).toEqual([["imageAlt", "too_big"]]);
  });

  it("may hold no control characters", () => {
    expect(question({ imageUrl: "https://example.org/a.png", imageAlt: "a\u0007b" }).error?.issues[0]?.message).toBe("Remove control characters");
  });
});
