import jsQR from "jsqr";
import { expect, type Locator } from "@playwright/test";

/** Decodes a QR code on the page from a screenshot of its element (jsQR on the pixels). */
export async function decodeQr(image: Locator): Promise<string> {
  const png = await image.screenshot();
  const pixels = await image.page().evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, png.toString("base64"));
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(code, "the QR code decodes").not.toBeNull();
  return code!.data;
}
