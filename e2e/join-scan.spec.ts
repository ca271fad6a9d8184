import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import { PHONE } from "./fixtures";

/**
 * The join screen's QR scanner, with a camera: Chromium's fake capture device plays a video of a
 * QR code (a Y4M file written here), as a phone's camera would see the host's screen.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone-pglite", "a phone's camera; once");
});

/** The phone project's device settings, for a context of a browser launched here. */
function phone(use: Record<string, unknown>) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale } = use as {
    viewport?: { width: number; height: number };
    deviceScaleFactor?: number;
    isMobile?: boolean;
    hasTouch?: boolean;
    userAgent?: string;
    locale?: string;
  };
  return { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale: locale ?? "en-US" };
}

/** One 640×480 frame (4:2:0) showing `text` as a QR code, black on white, in Y4M. */
function qrVideo(text: string, file: string) {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const scale = Math.floor(Math.min(W, H) / (n + 8));
  const x0 = Math.floor((W - n * scale) / 2);
  const y0 = Math.floor((H - n * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (y0 + r * scale + dy) * W + x0 + c * scale, (y0 + r * scale + dy) * W + x0 + (c + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

test("scanning the host's QR code opens that game's join page", PHONE, async ({ playwright, baseURL }, testInfo) => {
  const video = testInfo.outputPath("qr.y4m");
  qrVideo(`${baseURL}/join/482913`, video);
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ ...phone(testInfo.project.use), baseURL, permissions: ["camera"] });
    const page = await context.newPage();
    await page.goto("/join");
    await page.getByRole("button", { name: "Scan the QR code" }).click();
    await expect(page.getByRole("dialog", { name: "Point the camera at the QR code" })).toBeVisible();
    // The code names PIN 482913; no such game is open, which the join page says: the scan got there.
    await expect(page).toHaveURL(/\/join\/482913$/, { timeout: 15_000 });
    await expect(page.locator("#join-pin-error")).toContainText("There is no open game with PIN 482913");
    await expect(page.getByTestId("qr-scanner")).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test("a QR code that is not a game says so, and the scanner can be closed", PHONE, async ({ playwright, baseURL }, testInfo) => {
  const video = testInfo.outputPath("wifi.y4m");
  qrVideo("WIFI:S:cafe;T:WPA;P:secret;;", video);
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ ...phone(testInfo.project.use), baseURL, permissions: ["camera"] });
    const page = await context.newPage();
    await page.goto("/join");
    await page.getByRole("button", { name: "Scan the QR code" }).click();
    await expect(page.getByTestId("qr-scanner")).toContainText("That code is not a Quizdeck game", { timeout: 15_000 });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("qr-scanner")).toHaveCount(0);
    await expect(page).toHaveURL(/\/join$/);
  } finally {
    await browser.close();
  }
});
