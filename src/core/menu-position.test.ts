import { describe, expect, it } from "vitest";
import { menuPosition } from "./menu-position";

describe("menuPosition", () => {
  it.each([
    // [button left, right], menu width, window width → left offset from the button, width
    ["room on the left: aligned to the button's right edge", { left: 300, right: 340 }, 176, 1440, { left: -136, width: 176 }],
    ["a phone, the button starts a row: aligned to its left edge", { left: 16, right: 58 }, 176, 390, { left: 0, width: 176 }],
    ["the reported case (x −118..58 before): never left of the edge", { left: 20, right: 58 }, 176, 390, { left: 0, width: 176 }],
    ["neither side fits: moved to stay inside", { left: 150, right: 170 }, 300, 320, { left: -142, width: 300 }],
    ["wider than the window: narrowed", { left: 10, right: 50 }, 500, 320, { left: -2, width: 304 }],
  ])("%s", (_, button, menu, viewport, expected) => {
    const got = menuPosition(button, menu, viewport);
    expect(got).toEqual(expected);
    const left = button.left + got.left;
    expect(left).toBeGreaterThanOrEqual(8);
    expect(left + got.width).toBeLessThanOrEqual(viewport - 8);
  });
});
