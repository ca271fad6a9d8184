import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { expect, skipOnPostgres, test } from "./fixtures";

/**
 * What phones download: compressed responses (brotli or gzip, negotiated) that still stream, and
 * pages that inline only the messages their own client components use.
 */

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer; decoded: Buffer };

/** A plain HTTP GET that neither asks for nor undoes an encoding by itself. */
function get(baseURL: string, path: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        const body = Buffer.concat(parts);
        const encoding = res.headers["content-encoding"];
        const decoded = encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, decoded });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("compression", () => {
  test.beforeEach(() => skipOnPostgres("compression does not depend on the database"));

  test("pages and scripts come brotli- or gzip-encoded as asked, and decode to the same bytes", async ({ baseURL }) => {
    const plain = await get(baseURL!, "/explore");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
    ] as const) {
      const page = await get(baseURL!, "/explore", accept);
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"]).toBe(encoding);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      const html = page.decoded.toString();
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain("</html>");
      // Compressed in one stream rather than a block per streamed chunk: close to one-go size.
      const oneGo = encoding === "br" ? zlib.brotliCompressSync(page.decoded, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(page.decoded);
      expect(page.body.length).toBeLessThan(oneGo.length * 1.15);

      // A script is the same file whatever the encoding.
      const script = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeTruthy();
      const identity = await get(baseURL!, script!);
      const encoded = await get(baseURL!, script!, accept);
      expect(encoded.headers["content-encoding"]).toBe(encoding);
      expect(encoded.decoded.equals(identity.body)).toBe(true);
    }
  });

  test("images and the live socket are not compressed again", async ({ baseURL }) => {
    const icon = await get(baseURL!, "/icon.svg", "br, gzip");
    expect(icon.status).toBe(200);
    const list = JSON.parse((await get(baseURL!, "/api/v1/quizzes?limit=1")).body.toString()) as { items: { slug: string }[] };
    const png = await get(baseURL!, `/quiz/${list.items[0]!.slug}/opengraph-image`, "br, gzip");
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.subarray(1, 4).toString()).toBe("PNG");
    const socket = await get(baseURL!, "/api/live/socket.io/?EIO=4&transport=polling", "br, gzip");
    expect(socket.status).toBe(200);
    expect(socket.headers["content-encoding"]).toBeUndefined();
    expect(socket.body.toString()).toMatch(/^0\{"sid"/);
  });
});

test.describe("messages per page", () => {
  test.beforeEach(() => skipOnPostgres("the messages a page carries do not depend on the database"));

  // Message keys appear in a page only inside the serialized catalogue its client components get.
  const EDITOR = "editTitle"; // editor
  const LIVE = "playerTitle"; // live
  const SOCIAL = "favoriteOn"; // social

  test("/join carries no catalogue, a quiz page only its own namespaces, and both still read right", async ({ baseURL, page }) => {
    const join = (await get(baseURL!, "/join")).body.toString();
    for (const key of [EDITOR, LIVE, SOCIAL]) expect(join).not.toContain(key);
    const list = JSON.parse((await get(baseURL!, "/api/v1/quizzes?limit=1")).body.toString()) as { items: { slug: string }[] };
    const quiz = (await get(baseURL!, `/quiz/${list.items[0]!.slug}`)).body.toString();
    expect(quiz).toContain(SOCIAL);
    for (const key of [EDITOR, LIVE]) expect(quiz).not.toContain(key);

    // The client components still translate (a missing message would log an error and fail the test).
    await page.goto(`/quiz/${list.items[0]!.slug}`);
    await expect(page.getByText("Shown on the leaderboard; up to 20 characters.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.goto("/join");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
