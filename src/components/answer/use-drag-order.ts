"use client";

import { useRef, useState, type PointerEvent } from "react";

/**
 * Pointer dragging for an order question's rows (mouse, touch and pen alike; HTML5 drag and drop
 * does not work on phones): a row's handle captures the pointer, and the row is moved to where
 * the pointer is among the rows marked `data-order-item` in the list.
 */
export function useDragOrder(order: string[], move: (from: number, to: number) => void, disabled: boolean) {
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const stop = () => setDragging(null);
  const handleProps = (id: string) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (disabled) return;
      e.preventDefault();
      setDragging(id);
      (e.target as HTMLElement).setPointerCapture(e.pointerId);
    },
  });
  const listProps = {
    ref: listRef,
    onPointerMove: (e: PointerEvent<HTMLOListElement>) => {
      if (!dragging || !listRef.current) return;
      const rows = [...listRef.current.querySelectorAll<HTMLElement>("[data-order-item]")];
      const from = order.indexOf(dragging);
      let to = rows.findIndex((row) => {
        const r = row.getBoundingClientRect();
        return e.clientY < r.top + r.height / 2;
      });
      if (to === -1) to = rows.length - 1;
      else if (to > from) to -= 1;
      if (to !== from) move(from, to);
    },
    onPointerUp: stop,
    onPointerCancel: stop,
  };
  return { dragging, listRef, listProps, handleProps };
}
