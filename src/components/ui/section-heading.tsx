import ArrowRight from "lucide-react/icons/arrow-right";
import Link from "@/components/ui/link";

/** A page section's heading, with a link to see more beside it (the home page's sections). */
export function SectionHeading({ id, title, href, more }: { id: string; title: string; href?: string; more?: string }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {href && more && (
        <Link href={href} className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {more}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}
