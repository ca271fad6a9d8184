import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Check, House, Smartphone } from "lucide-react";
import * as checkModule from "lucide-react/icons/check";
import * as houseModule from "lucide-react/icons/house";
import * as smartphoneModule from "lucide-react/icons/smartphone";
import Icon from "./lucide-icon";

// Each icon module also exports its drawing (not in lucide's type declarations).
const dataOf = (m: object) => (m as { __iconData: Parameters<typeof Icon>[0]["icon"] }).__iconData;
const [check, house, smartphone] = [checkModule, houseModule, smartphoneModule].map(dataOf);

/** next.config.ts swaps lucide-react's (client) icon component for ours: the markup must not change. */
describe("our lucide icon component", () => {
  it.each([
    ["house, hidden, with classes", House, house, { className: "size-4 text-zinc-500", "aria-hidden": true }],
    ["a labelled check with a thicker stroke", Check, check, { className: "size-9 shrink-0", strokeWidth: 3, "aria-label": "Correct" }],
    ["no props", Smartphone, smartphone, {}],
    ["size, colour and a repeated class", Smartphone, smartphone, { size: 32, color: "red", className: "lucide x x" }],
    ["an absolute stroke width", House, house, { size: 48, absoluteStrokeWidth: true }],
  ])("draws %s like lucide-react", (_, Lucide, data, props) => {
    const theirs = renderToStaticMarkup(createElement(Lucide, props));
    const ours = renderToStaticMarkup(createElement(Icon, { icon: data, ...props }));
    expect(ours).toBe(theirs);
    expect(ours).toMatch(/^<svg /);
  });
});
