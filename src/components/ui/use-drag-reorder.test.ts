import { describe, expect, it } from "vitest";
import { dropIndex } from "./use-drag-reorder";

// Three rows: 0–40, 50–150 (a tall one), 160–200.
const rows = [
  { top: 0, bottom: 40 },
  { top: 50, bottom: 150 },
  { top: 160, bottom: 200 },
];

describe("where a dragged row goes", () => {
  it.each([
    // Dropped on release: the row under the pointer, or the nearest end.
    [-30, 2, false, 0],
    [20, 2, false, 0],
    [60, 0, false, 1],
    [149, 0, false, 1],
    [155, 0, false, 2], // between rows, below the first: the last
    [400, 0, false, 2],
    // Following the pointer: past the middle of the neighbour.
    [60, 0, true, 0], // not yet half-way down the tall row
    [110, 0, true, 1],
    [190, 0, true, 2],
    [400, 0, true, 2],
    [30, 2, true, 1],
    [10, 2, true, 0],
    [-30, 1, true, 0],
  ])("pointer at %i, dragging row %i, live %s → %i", (y, from, live, to) => {
    expect(dropIndex(rows, y, from, live)).toBe(to);
  });
});
