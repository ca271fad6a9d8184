import "server-only";
import QRCode from "qrcode";

const OPTIONS = { errorCorrectionLevel: "M", margin: 1, color: { dark: "#18181b", light: "#ffffff" } } as const;

/** A QR code of `url` as a PNG data URL (error correction M, docs/rules.md §9), for the OG image. */
export function qrDataUrl(url: string, width = 320): Promise<string> {
  return QRCode.toDataURL(url, { ...OPTIONS, width });
}

// Pages show the same few QR codes again and again; encoding one costs more than rendering the
// rest of the quiz page, so keep the most recent ones.
const svgCache = new Map<string, string>();
const SVG_CACHE_MAX = 1000;

/** A QR code of `url` as an SVG data URL: sharp at any size, cheap to make, cached. */
export async function qrSvgDataUrl(url: string): Promise<string> {
  const hit = svgCache.get(url);
  if (hit) return hit;
  const svg = await QRCode.toString(url, { ...OPTIONS, type: "svg" });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  if (svgCache.size >= SVG_CACHE_MAX) svgCache.delete(svgCache.keys().next().value as string);
  svgCache.set(url, dataUrl);
  return dataUrl;
}

/** A QR code of a secret (a TOTP enrolment URI) as an SVG data URL, kept nowhere. */
export async function qrSvgDataUrlUncached(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { ...OPTIONS, type: "svg" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
