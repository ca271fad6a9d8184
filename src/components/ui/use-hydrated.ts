"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once the page's code runs. A screen
 * whose first question comes with the HTML keeps its answer controls off until then: a key pressed
 * before would reach no handler, and a value typed into a box would be dropped when React takes
 * the box over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
