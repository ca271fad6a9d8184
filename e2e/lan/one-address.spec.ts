import type { Socket } from "socket.io-client";
import { connectLive } from "../../src/test/live-socket";
import { expect, test } from "../fixtures";
import { hostGame, joinAs, phone } from "../live-helpers";
import { signUpInPage } from "./helpers";
import type { ClientToServerEvents, ServerToClientEvents } from "../../src/core/live/protocol";

/**
 * A class behind one address (a school's NAT), on the shipped defaults: every phone joins. What
 * is limited is guessing PINs, and even then the class's game still takes its phones.
 *
 * The phones besides the browser ones are socket.io clients in this process speaking the live
 * protocol; those of the guessing test bind their own loopback address (127.0.0.x), so their
 * wrong PINs count against that address only and leave the other specs on this server alone.
 */

type Phone = Socket<ServerToClientEvents, ClientToServerEvents>;
type JoinReply = { ok: true; nickname: string } | { ok: false; error: { code: string } };

const connect = (baseURL: string, localAddress?: string) =>
  connectLive<Phone>(`http://127.0.0.1:${new URL(baseURL).port}`, localAddress ? { localAddress } : {});

const join = (socket: Phone, pin: string, nickname: string) =>
  new Promise<JoinReply>((resolve) => socket.emit("player:join", { pin, nickname }, (res) => resolve(res as JoinReply)));

/** A six-digit PIN that is not this game's (nor, by a margin of millions to one, any other open game's). */
const wrongPin = (pin: string, i: number) => String((Number(pin) + 104_729 * (i + 1)) % 900_000 + 100_000);

test("30 phones from one address all join one game", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUpInPage(page);
  await hostGame(page, "world-capitals");
  const pin = (await page.getByTestId("host-pin").getAttribute("data-pin"))!;
  const sockets: Phone[] = [];
  try {
    // 29 phones from 127.0.0.1, the address the browser phone below comes from too.
    for (let i = 0; i < 29; i++) sockets.push(await connect(baseURL!));
    const replies = await Promise.all(sockets.map((s, i) => join(s, pin, `Pupil ${String(i + 1).padStart(2, "0")}`)));
    expect(replies.filter((r) => !r.ok)).toEqual([]);

    const student = await phone(browser, baseURL!);
    try {
      await joinAs(student.page, `/join/${pin}`, "Pupil 30");
    } finally {
      await student.context.close();
    }
    await expect(page.getByTestId("lobby-players").locator("li")).toHaveCount(30);
  } finally {
    for (const s of sockets) s.disconnect();
  }
});

test("wrong PINs from an address are limited; the class's game still takes its phones", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUpInPage(page);
  await hostGame(page, "world-capitals");
  const pin = (await page.getByTestId("host-pin").getAttribute("data-pin"))!;
  const address = "127.0.0.77";
  const sockets: Phone[] = [];
  try {
    for (let i = 0; i < 3; i++) sockets.push(await connect(baseURL!, address));
    const [first, guesser, late] = sockets as [Phone, Phone, Phone];
    expect(await join(first, pin, "First In")).toMatchObject({ ok: true });

    // One student mistyping, over and over: the guesses are limited (20 a minute by default).
    const codes: string[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await join(guesser, wrongPin(pin, i), "Typo");
      codes.push(r.ok ? "joined" : r.error.code);
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill("game_not_found"));
    expect(codes.slice(20)).toEqual(Array(5).fill("rate_limited"));

    // The right PIN from the same address still joins.
    expect(await join(late, pin, "Late Comer")).toMatchObject({ ok: true });
    // And a browser phone (from 127.0.0.1) joins as ever.
    const student = await phone(browser, baseURL!);
    try {
      await joinAs(student.page, `/join/${pin}`, "Browser Kid");
    } finally {
      await student.context.close();
    }
    await expect(page.getByTestId("lobby-players").locator("li")).toHaveCount(3);
  } finally {
    for (const s of sockets) s.disconnect();
  }
});

test("after 20 wrong PINs from an address, the right PIN still joins (it waits its turn)", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpInPage(page);
  await hostGame(page, "world-capitals");
  const pin = (await page.getByTestId("host-pin").getAttribute("data-pin"))!;
  const sockets: Phone[] = [];
  try {
    for (let i = 0; i < 2; i++) sockets.push(await connect(baseURL!, "127.0.0.78"));
    const [typist, student] = sockets as [Phone, Phone];
    // Nobody from this address has joined yet: one student's typos come first.
    for (let i = 0; i < 21; i++) await join(typist, wrongPin(pin, i), "Typo");
    // Guessing is over its limit, yet the game's own PIN is never refused.
    expect(await join(student, pin, "Right Pin")).toMatchObject({ ok: true });
    await expect(page.getByTestId("lobby-players").locator("li")).toHaveCount(1);
  } finally {
    for (const s of sockets) s.disconnect();
  }
});

test("the live counters are not served on the app's port", async ({ request, baseURL }) => {
  // From loopback, where the old check let anyone in (a reverse proxy on this machine included).
  const app = `http://127.0.0.1:${new URL(baseURL!).port}`;
  expect((await request.get(`${app}/api/live/stats`)).status()).toBe(404);
  expect((await request.get(`${app}/api/live/stats?reset=1`)).status()).toBe(404);
});
