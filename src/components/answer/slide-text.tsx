import { Rich } from "@/components/ui/rich";

/** A slide's content: its text, line breaks kept (the title is the prompt, shown above). */
export function SlideText({ text, big = false }: { text: string; big?: boolean }) {
  if (!text) return null;
  return (
    <p
      data-testid="slide-text"
      className={`mt-6 leading-relaxed whitespace-pre-line text-zinc-800 dark:text-zinc-200 ${big ? "text-center text-3xl font-semibold lg:text-4xl" : "text-lg"}`}
    >
      <Rich text={text} />
    </p>
  );
}

