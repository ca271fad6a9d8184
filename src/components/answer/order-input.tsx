"use client";

import ChevronDown from "lucide-react/icons/chevron-down";
import ChevronUp from "lucide-react/icons/chevron-up";
import GripVertical from "lucide-react/icons/grip-vertical";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import type { InputProps } from "./input-props";
import { useDragReorder } from "@/components/ui/use-drag-reorder";
import { Rich } from "@/components/ui/rich";

/** Drag an item by its handle (mouse or touch), or move it with its buttons or the arrow keys. */
export function OrderInput({ question, value, onChange, onSubmit, disabled }: InputProps) {
  const t = useTranslations("play");
  const items = question.data.type === "order" ? question.data.items : [];
  const order = Array.isArray(value) ? value : items.map((i) => i.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const [announce, setAnnounce] = useState("");

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item as string);
    onChange(next);
    setAnnounce(t("moved", { item: byId.get(item as string)?.text ?? "", position: to + 1 }));
  };
  const { dragging, listProps, handleProps, onKeyDown } = useDragReorder({
    rows: "[data-order-item]",
    move,
    count: order.length,
    disabled,
    live: true,
    focus: "[data-order-item] button.flex-1",
  });

  return (
    <div>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("orderHelp")}</p>
      <ol className="space-y-2" {...listProps}>
        {order.map((id, i) => (
          <li
            key={id}
            data-order-item
            className={clsx(
              "flex items-center gap-2 rounded-2xl border-2 border-zinc-200 bg-white p-2 pl-1 dark:border-zinc-700 dark:bg-zinc-900",
              dragging === i && "border-brand-500 shadow-lg",
            )}
          >
            <span
              className="flex size-10 cursor-grab touch-none items-center justify-center rounded-xl text-zinc-400 active:cursor-grabbing"
              {...handleProps(i)}
              aria-hidden
            >
              <GripVertical className="size-5" />
            </span>
            <span className="w-6 text-center font-mono font-bold text-zinc-600 dark:text-zinc-400">{i + 1}</span>
            <button
              type="button"
              className="flex-1 rounded-lg px-1 py-2 text-left font-semibold"
              disabled={disabled}
              aria-label={t("orderItem", { item: byId.get(id)?.text ?? "", position: i + 1, total: order.length })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  onSubmit();
                } else onKeyDown(i, e);
              }}
            >
              <Rich text={byId.get(id)?.text ?? ""} />
            </button>
            <button type="button" className={buttonClass("ghost", "icon")} onClick={() => move(i, i - 1)} disabled={disabled || i === 0} aria-label={t("moveUp", { item: byId.get(id)?.text ?? "" })}>
              <ChevronUp className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              className={buttonClass("ghost", "icon")}
              onClick={() => move(i, i + 1)}
              disabled={disabled || i === order.length - 1}
              aria-label={t("moveDown", { item: byId.get(id)?.text ?? "" })}
            >
              <ChevronDown className="size-5" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
