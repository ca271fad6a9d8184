/**
 * A webpack loader for the browser's React DOM (next.config.ts): rewinds the hydration cursor when
 * React replays a host element whose children suspended, as React itself does since
 * facebook/react#35494 (bug #35210, also #37584). Next 15.5 ships a React 19.2 canary without it.
 *
 * Why it matters here: the root layout has no Suspense boundary, Next hydrates in a transition
 * (time-sliced), and the page's RSC payload arrives in pieces when the server is busy. A child
 * of a host element that is an RSC row not yet received (a lazy `$L` node: an async server
 * component's output, or an element Flight outlined because it was rendered twice) suspends while
 * the unit of work is that element; when the row arrives during React's yield, React replays the
 * element without moving the cursor back, so it matches the element against its own first child
 * and reports error 418 (`args[]=HTML`) on a page whose HTML is right (docs/known-issues.md).
 *
 * The fix: on replaying a host element that hydration had claimed, point the cursor at that
 * element again and its parent context back to the nearest host ancestor (what React's
 * popToNextHostParent computes). The build fails if the code to patch is not found: after
 * upgrading Next, check whether its React has the fix and drop this loader if so.
 */
const PATCHES = [
  {
    // react-dom-client.production.js: replaySuspendedUnitOfWork, unit of work in `next`.
    find: "    case 5:\n      resetHooksOnUnwind(next);\n    default:\n      unwindInterruptedWork(current, next),",
    replace:
      "    case 5:\n      resetHooksOnUnwind(next);\n      isHydrating && null === current && null !== next.stateNode && ((nextHydratableInstance = next.stateNode), popToNextHostParent(next));\n    default:\n      unwindInterruptedWork(current, next),",
  },
  {
    // react-dom-client.development.js: replayBeginWork, unit of work in `unitOfWork`.
    find: "        case 5:\n          resetHooksOnUnwind(unitOfWork);\n        default:\n          unwindInterruptedWork(current, unitOfWork),",
    replace:
      "        case 5:\n          resetHooksOnUnwind(unitOfWork);\n          isHydrating && null === current && null !== unitOfWork.stateNode && ((nextHydratableInstance = unitOfWork.stateNode), popToNextHostParent(unitOfWork));\n        default:\n          unwindInterruptedWork(current, unitOfWork),",
  },
];

module.exports = function reactHydrationReplayLoader(source) {
  const patch = PATCHES.find((p) => source.includes(p.find));
  if (!patch) {
    throw new Error(
      `scripts/react-hydration-replay-loader.cjs: the code it patches is not in ${this.resourcePath}. ` +
        "If this React has facebook/react#35494, remove the loader from next.config.ts; otherwise update the patch.",
    );
  }
  return source.replace(patch.find, patch.replace);
};
