"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";
import { useRef } from "react";

type Props = ComponentProps<typeof NextLink>;

/**
 * The site's link: Next's `<Link>` (client-side navigation), prefetching a page when the person
 * reaches for its link (pointer over it, keyboard focus on it, a finger touching it) instead of
 * whenever the link scrolls into view.
 *
 * Why: Next prefetches every link in the viewport, and a page of quiz cards holds twenty or more.
 * Each prefetch is a request the server renders, so viewing the home page cost the server about
 * twice the work of the page itself (bench:page-views in docs/benchmarks.md), almost all of it for
 * pages nobody opened. A link reached for is prefetched 100–300 ms before the click, which is most
 * of what a prefetch of a dynamic page buys (its loading state). `prefetch={false}` turns both off.
 * Links elsewhere than this site (`http…`, `mailto:`) are never prefetched.
 */
export default function Link({ prefetch, href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter();
  // The address last prefetched: a link that now leads elsewhere (the next page of results) prefetches again.
  const done = useRef<string | null>(null);
  const url = typeof href === "string" ? href : null;
  const wanted = prefetch !== false && url !== null && url.startsWith("/") && !url.startsWith("//");
  const reach = () => {
    if (!wanted || done.current === url) return;
    done.current = url;
    router.prefetch(url);
  };
  return (
    <NextLink
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        reach();
        onMouseEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        reach();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        reach();
        onTouchStart?.(e);
      }}
    />
  );
}
