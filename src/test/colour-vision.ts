/**
 * Tests only: how a colour looks to people with the common colour-vision deficiencies, and how far
 * apart two colours look, for the check of the answer tiles' palette (docs/accessibility.md).
 *
 * - Colours come as Tailwind's theme declares them (`oklch(L% C h)`), converted to linear sRGB by
 *   Björn Ottosson's OKLab matrices and clipped to the sRGB gamut.
 * - Deficiencies are simulated with the matrices of Machado, Oliveira and Fernandes (2009, "A
 *   Physiologically-based Model for Simulation of Color Vision Deficiency"), severity 1.0:
 *   protanopia, deuteranopia and tritanopia, applied to linear sRGB.
 * - Distance is CIE76 ΔE in CIELAB (D65): about 2.3 is a just-noticeable difference; tiles told
 *   apart at a glance need far more (the test's threshold says how much).
 */
export type Rgb = [number, number, number];
export type Vision = "typical" | "protanopia" | "deuteranopia" | "tritanopia";

const MACHADO: Record<Exclude<Vision, "typical">, number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const clip = (x: number) => Math.min(1, Math.max(0, x));

/** `oklch(51.4% 0.222 16.935)` → linear sRGB, clipped to the gamut. */
export function oklchToLinearRgb(value: string): Rgb {
  const m = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(value.trim());
  if (!m) throw new Error(`not an oklch() colour: ${value}`);
  const L = Number(m[1]) / 100;
  const C = Number(m[2]);
  const h = (Number(m[3]) * Math.PI) / 180;
  const a = C * Math.cos(h);
  const b = C * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    clip(4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s),
    clip(-1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s),
    clip(-0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s),
  ];
}

/** A linear sRGB colour as someone with this vision sees it. */
export function simulate(rgb: Rgb, vision: Vision): Rgb {
  if (vision === "typical") return rgb;
  const m = MACHADO[vision];
  return m.map((row) => clip(row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2])) as Rgb;
}

/** Relative luminance (WCAG) of a linear sRGB colour. */
export const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** WCAG contrast ratio of two linear sRGB colours. */
export function contrastRatio(x: Rgb, y: Rgb): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27) * t / 116 + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 ΔE between two linear sRGB colours. */
export function deltaE(x: Rgb, y: Rgb): number {
  const [p, q] = [lab(x), lab(y)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
