/** A slide's content: its text, line breaks kept (the title is the prompt, shown above). */
export function SlideText({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p data-testid="slide-text" className="mt-6 text-lg leading-relaxed whitespace-pre-line text-zinc-800 dark:text-zinc-200">
      {text}
    </p>
  );
}

