"use client";

import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

/** A row's place on screen: its top and bottom edge (from getBoundingClientRect). */
export type RowBox = { top: number; bottom: number };

/**
 * Where a dragged row goes for a pointer at `y`. `live` (the row follows the pointer as it
 * moves): the place of the first row whose middle lies below the pointer, so a row moves once the
 * pointer passes half-way over its neighbour (rows of unequal height do not swap back and forth).
 * Otherwise (the row is dropped on release): the row under the pointer, or the first or last row
 * when the pointer is above or below them all.
 */
export function dropIndex(rows: RowBox[], y: number, from: number, live: boolean): number {
  if (live) {
    const to = rows.findIndex((r) => y < r.top + (r.bottom - r.top) / 2);
    if (to === -1) return rows.length - 1;
    return to > from ? to - 1 : to;
  }
  const hit = rows.findIndex((r) => y >= r.top && y <= r.bottom);
  if (hit !== -1) return hit;
  const first = rows[0];
  return first && y < first.top ? 0 : rows.length - 1;
}

type Options = {
  /** The list's rows, among the list element's descendants (e.g. `[data-order-item]`). */
  rows: string;
  move: (from: number, to: number) => void;
  count: number;
  disabled?: boolean;
  /** The row follows the pointer while dragging, rather than moving when it is dropped. */
  live?: boolean;
  /** After an arrow key moved a row, the element of this selector (in the list) at its new place takes focus. */
  focus?: string;
};

/**
 * Reordering a list by dragging a row's handle, with mouse, touch and pen alike (pointer events:
 * HTML5 drag and drop does not work on phones), and by the arrow keys. The list takes
 * `listProps`, each row's handle `handleProps(i)`; the handle captures the pointer, and needs
 * `touch-none` so a touch drags rather than scrolls. Used by the editor's question list and the
 * order question's input.
 */
export function useDragReorder<L extends HTMLElement = HTMLOListElement>({ rows, move, count, disabled = false, live = false, focus }: Options) {
  const listRef = useRef<L>(null);
  /** The row being dragged (its current place when `live`). */
  const [dragging, setDragging] = useState<number | null>(null);
  /** Where the dragged row would be dropped (not `live`). */
  const [over, setOver] = useState<number | null>(null);

  const target = (y: number, from: number) => {
    const boxes = [...(listRef.current?.querySelectorAll<HTMLElement>(rows) ?? [])].map((row) => row.getBoundingClientRect());
    return dropIndex(boxes, y, from, live);
  };
  const stop = () => {
    setDragging(null);
    setOver(null);
  };

  /** On a row's handle: a press starts dragging that row. */
  const handleProps = (i: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (disabled || e.button !== 0) return;
      e.preventDefault();
      setDragging(i);
      e.currentTarget.setPointerCapture(e.pointerId);
    },
  });

  /**
   * On the list: the moves and the release, which bubble up from the handle holding the pointer.
   * They are taken here, not at the handle: moving a row moves its element in the document, which
   * releases the capture, and the pointer is then over some other part of the list.
   */
  const listProps = {
    ref: listRef,
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (dragging === null) return;
      const to = target(e.clientY, dragging);
      if (!live) setOver(to);
      else if (to !== dragging) {
        move(dragging, to);
        setDragging(to);
      }
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const from = dragging;
      stop();
      if (!live && from !== null) move(from, target(e.clientY, from));
    },
    onPointerCancel: stop,
  };

  /** Arrow up and down move row `i` one place. */
  const onKeyDown = (i: number, e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    const to = e.key === "ArrowUp" ? i - 1 : i + 1;
    if (disabled || to < 0 || to >= count) return;
    move(i, to);
    if (focus) requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>(focus)[to]?.focus());
  };

  return { listRef, listProps, dragging, over, handleProps, onKeyDown };
}
