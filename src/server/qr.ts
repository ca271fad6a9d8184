import "server-only";
import QRCode from "qrcode";

/** A QR code of `url` as a PNG data URL (error correction M, PRODUCT.md §9). */
export function qrDataUrl(url: string, width = 320): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 1, width, color: { dark: "#18181b", light: "#ffffff" } });
}
