import { expect, test } from "../fixtures";
import { wrongSignIn } from "./helpers";

/**
 * Behind a trusted proxy the app counts each client by the address nginx saw and put last in
 * X-Forwarded-For, not by the proxy's own address (every request's peer) and not by what a client
 * wrote in that header itself. Seen from outside through the sign-in limit: the default of 30
 * attempts per minute per address. Requests go to nginx from chosen loopback addresses
 * (127.0.0.0/8 is all local), a fresh set on a retry, since the counts last a minute.
 */
const LIMIT = 30; // QUIZDECK_RATE_LIMIT_SIGN_IN's default; the proxy's app server keeps it
const address = (n: number) => `127.0.0.${20 + 10 * test.info().retry + n}`;

test("sign-in attempts are counted per client behind the proxy, not per proxy", async () => {
  const [a, b] = [address(1), address(2)];
  for (const from of [a, b]) {
    for (let i = 0; i < LIMIT; i++) {
      const res = await wrongSignIn(from);
      expect(res.status, `attempt ${i + 1} from ${from}: ${res.body}`).toBe(401);
    }
  }
  // Both have used their thirty; the next from either one is refused.
  const over = await wrongSignIn(a);
  expect(over.status, over.body).toBe(429);
  expect(JSON.parse(over.body)).toMatchObject({ error: { code: "rate_limited" } });
});

test("an X-Forwarded-For written by the client is not believed", async () => {
  const from = address(3);
  for (let i = 1; i <= LIMIT + 1; i++) {
    // A new made-up address each time, as a client dodging the limit would send.
    const res = await wrongSignIn(from, { "x-forwarded-for": `203.0.113.${i}` });
    expect(res.status, `attempt ${i} claiming 203.0.113.${i}: ${res.body}`).toBe(i <= LIMIT ? 401 : 429);
  }
});
