import { clsx } from "clsx";

/** A member's initial in a brand-coloured tile (no uploaded pictures). */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx(
        "inline-flex shrink-0 items-center justify-center rounded-2xl bg-brand-600 font-extrabold text-white uppercase dark:bg-brand-500 dark:text-zinc-950",
        className ?? "size-16 text-2xl",
      )}
    >
      {Array.from(name.trim())[0] ?? "?"}
    </span>
  );
}
