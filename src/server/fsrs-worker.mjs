// The FSRS optimizer's worker thread (src/server/fsrs-optimizer.ts starts one per run). Plain
// JavaScript found from the working directory, so it loads the same way under `npm start`,
// `npm run dev` and the tests. The optimizer is native code that can take seconds on a long log:
// here it never holds up the thread that serves pages and live games.
import { parentPort, workerData } from "node:worker_threads";
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";

const { histories, current } = workerData;

// One training item per review after a card's first, holding the card's reviews up to it.
const items = [];
for (const h of histories) {
  const reviews = h.map((r) => new FSRSBindingReview(r.rating, r.deltaT));
  for (let i = 1; i < reviews.length; i++) items.push(new FSRSBindingItem(reviews.slice(0, i + 1)));
}

const fit = (parameters) => {
  const m = new FSRSBinding(parameters ?? undefined).evaluate(items);
  return { logLoss: m.logLoss, rmse: m.rmseBins };
};

try {
  const before = fit(current);
  // No `timeout` option: binding 0.5 reads it as the wait between progress reports, and a long
  // one stalled runs at random here. The caller's own timer bounds a run instead.
  const parameters = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  parentPort.postMessage({ before, after: fit(parameters), parameters, items: items.length });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  // fsrs-rs says NotEnoughData when too few of the reviews can train it (too few cards, or
  // reviews all on the same days): the member's answer, not a server fault.
  parentPort.postMessage({ error: message, notEnoughData: /NotEnoughData/i.test(message) });
}
