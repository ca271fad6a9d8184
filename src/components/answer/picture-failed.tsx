import ImageOff from "lucide-react/icons/image-off";

/** A question's picture that did not load: a quiet icon and the author's description, in its box. */
export default function PictureFailed({ alt }: { alt: string | null }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-1 p-3 text-center text-sm text-zinc-600 dark:text-zinc-400">
      <ImageOff className="size-6 shrink-0" aria-hidden />
      {alt && <p className="line-clamp-3">{alt}</p>}
    </div>
  );
}
