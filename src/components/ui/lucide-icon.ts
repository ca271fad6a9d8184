import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * lucide-react's icon component, rendered the same way, without its "use client" and its context
 * (LucideProvider, which this project does not use). next.config.ts puts this in place of
 * lucide-react's own Icon module. Theirs being a client component, every icon, even one drawn by a
 * server component, loaded lucide's client code (~3 kB gz) on every page and sent its path data
 * twice (as SVG and as props in the page's RSC payload); with this one, an icon a server
 * component draws is plain SVG, and client components bundle only this file.
 * src/components/ui/lucide-icon.test.ts compares its markup with lucide's.
 */
type IconNode = [string, Record<string, string | number>][];
type IconData = { name?: string; size?: number; width?: number; height?: number; node: IconNode; aliases?: string[] };
type Props = SVGProps<SVGSVGElement> & {
  icon?: IconData;
  iconNode?: IconNode;
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((p) => (p.startsWith("aria-") || p === "role" || p === "title") && props[p] != null);

const Icon = forwardRef<SVGSVGElement, Props>(function Icon(
  { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = "", children, iconNode = [], icon = { node: iconNode, aliases: [], size: 24 }, ...rest },
  ref,
) {
  const box = icon.size ?? icon.width ?? 24;
  const boxHeight = icon.size ?? icon.height ?? 24;
  const classes = [
    "lucide",
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...(icon.aliases ?? []).filter((a) => typeof a === "string" && a.trim() !== "").map((a) => `lucide-${a}`),
    ...className.split(" ").filter(Boolean),
  ];
  const stroke = strokeWidth ?? 2;
  const w = width ?? size ?? 24;
  const h = height ?? size ?? 24;
  return createElement(
    "svg",
    {
      ref,
      xmlns: "http://www.w3.org/2000/svg",
      width: w,
      height: h,
      viewBox: `0 0 ${box} ${boxHeight}`,
      fill: "none",
      stroke: color ?? "currentColor",
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(box)) / Number(size ?? width ?? 24) : stroke,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      className: [...new Set(classes)].join(" "),
      ...(children || hasA11yProp(rest) ? {} : { "aria-hidden": "true" }),
      ...rest,
    },
    ...icon.node.map(([tag, attrs]) => createElement(tag, nonScalingStroke ? { vectorEffect: "non-scaling-stroke", ...attrs } : attrs)),
    ...(Array.isArray(children) ? children : [children]),
  );
});

export default Icon;
