import { describe, expect, it } from "vitest";
import { checkAudioUrl, docToInput } from "./editor";
import { inputToDoc } from "./editor-convert";
import { contentSecurityPolicy } from "./http/security-headers";
import { exportQuizdeckJson, parseQuizdeckJson } from "./import/json";
import { audioExtensionOk, audioUrlSchema, quizInput } from "./quiz-schema";
import { questionForPhones } from "./live/phone-question";

// A question's audio clip (docs/rules.md §5 "Audio"): the link's rule, the editor, JSON, the CSP.

describe("an audio link", () => {
  it.each<[string, boolean]>([
    ["https://example.org/clips/bell.mp3", true],
    ["https://example.org/clips/bell.MP3", true],
    ["http://example.org/a/b/c.ogg", true],
    ["https://example.org/voice.oga", true],
    ["https://example.org/voice.opus", true],
    ["https://example.org/song.m4a?token=abc#t=3", true],
    ["https://example.org/stream", true], // no extension: the browser decides
    ["https://example.org/stream/", true],
    ["https://example.org/.hidden", true], // a dot file has no extension
    ["  https://example.org/bell.mp3  ", true], // trimmed
    ["https://example.org/picture.png", false],
    ["https://example.org/page.html", false],
    ["https://example.org/bell.mp3.exe", false],
    ["https://example.org/clip.wav", false],
    ["ftp://example.org/bell.mp3", false],
    ["/clips/bell.mp3", false],
    ["javascript:alert(1)//.mp3", false],
    ["data:audio/mpeg;base64,AAAA", false],
    [`https://example.org/${"a".repeat(2000)}.mp3`, false],
  ])("%s → %s", (url, ok) => {
    expect(audioUrlSchema.safeParse(url).success).toBe(ok);
  });

  it("names its extension rule", () => {
    expect(audioExtensionOk("https://x.org/a.ogg")).toBe(true);
    expect(audioExtensionOk("not a url")).toBe(false);
  });

  it.each<[string | undefined, unknown]>([
    [undefined, { ok: true, url: null }],
    ["  ", { ok: true, url: null }],
    [" https://example.org/bell.mp3 ", { ok: true, url: "https://example.org/bell.mp3" }],
    ["https://example.org/bell.png", { ok: false, problem: { code: "audio_url" } }],
    ["example.org/bell.mp3", { ok: false, problem: { code: "image_url" } }],
  ])("the editor checks %j as %j", (url, expected) => {
    expect(checkAudioUrl(url)).toEqual(expected);
  });
});

const QUIZ = {
  title: "Sounds of the farm",
  category: "general",
  difficulty: "easy",
  language: "en",
  questions: [
    { type: "single", prompt: "Which animal is this?", options: ["Cow", "Duck"], correct: 0, audioUrl: "https://example.org/moo.ogg" },
    { type: "boolean", prompt: "No sound here.", correct: true },
  ],
};

describe("audio in quizzes", () => {
  it("goes through JSON export and import, and the editor, unchanged", () => {
    const input = quizInput.parse(QUIZ);
    expect(input.questions[0]!.audioUrl).toBe("https://example.org/moo.ogg");
    const back = parseQuizdeckJson(exportQuizdeckJson(input));
    expect(back.problems).toEqual([]);
    expect(back.questions.map((q) => q.question.audioUrl)).toEqual(["https://example.org/moo.ogg", undefined]);
    let n = 0;
    const doc = inputToDoc(input, () => `id-${n++}`);
    expect(doc.questions[0]!.audioUrl).toBe("https://example.org/moo.ogg");
    expect(quizInput.parse(docToInput(doc)).questions[0]!.audioUrl).toBe("https://example.org/moo.ogg");
    // Removing the clip in the editor leaves no field behind.
    const { audioUrl: _gone, ...without } = doc.questions[0]!;
    expect(quizInput.parse(docToInput({ ...doc, questions: [without, doc.questions[1]!] })).questions[0]).not.toHaveProperty("audioUrl");
  });

  it("refuses a picture's address as a clip on import", () => {
    const bad = { ...QUIZ, questions: [{ ...QUIZ.questions[0]!, audioUrl: "https://example.org/cow.jpg" }] };
    expect(quizInput.safeParse(bad).success).toBe(false);
  });

  it("lets the browser load clips from any host, as pictures", () => {
    const csp = contentSecurityPolicy({ nonce: "n", host: "localhost:3000", https: false, dev: false });
    expect(csp).toContain("media-src * blob: mediastream:");
    expect(csp).toContain("img-src * data: blob:");
  });

  it("keeps the clip for the big screen only when phones get answers only", () => {
    const q = { index: 0, prompt: "Which animal?", imageUrl: null, imageAlt: null, audioUrl: "https://example.org/moo.ogg", timeLimitSeconds: 20, points: 1000, data: { type: "boolean" as const } };
    expect(questionForPhones(q, true).audioUrl).toBe("https://example.org/moo.ogg");
    expect(questionForPhones(q, false)).not.toHaveProperty("audioUrl");
  });
});
