import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { claimTotpCode, releaseTotpCode, usedTotpCodes } from "@/db/queries/totp-codes";
import { passkeys, totpUsedCodes, twoFactors, users } from "@/db/schema";
import { testBackends } from "@/db/test-databases";
import { symmetricEncrypt } from "better-auth/crypto";
import { BACKUP_CODE_ALPHABET } from "@/core/second-factor";
import { CLIENT_PROTO_HEADER } from "./request-scheme";

// Which database answers: set per backend.
const current: { db: DbHandle["db"] | null } = { db: null };
vi.mock("@/db", () => ({ getDb: async () => current.db }));
const { getAuth } = await import("./auth");
const { appSecret } = await import("./secret");

/**
 * The second factors' tables (migration 0012) through Better Auth itself, on each backend: a TOTP
 * secret and backup codes are stored encrypted, a code turns two-factor on, a backup code works
 * once, passkeys are listed for their owner only, and both go with the account.
 */
const ORIGIN = "http://localhost:3000";
const base = () => new Headers({ origin: ORIGIN, host: "localhost:3000", [CLIENT_PROTO_HEADER]: "http", "content-type": "application/json" });

describe.each(testBackends)("second factors on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    Object.assign(process.env, { QUIZDECK_SECRET: "s".repeat(40), QUIZDECK_SEED_DEMO: "false" });
    delete process.env.QUIZDECK_PUBLIC_URL;
    handle = await backend.open();
    current.db = handle.db;
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("quizdeck.auth")];
  });
  afterAll(async () => {
    await handle.close();
  });

  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  async function post(auth: Awaited<ReturnType<typeof getAuth>>, path: string, body: object, cookie?: string) {
    const h = base();
    if (cookie) h.set("cookie", cookie);
    return auth.handler(new Request(`${ORIGIN}${path}`, { method: "POST", headers: h, body: JSON.stringify(body) }));
  }

  async function signUp() {
    const id = randomBytes(4).toString("hex");
    const auth = await getAuth(base());
    const res = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: base(),
        body: JSON.stringify({ email: `${id}@quizdeck.test`, password: "a-long-password", name: "Ada", handle: `ada-${id}` }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const h = base();
    h.set("cookie", cookie);
    const { userId } = (await res.json()) as { user: { id: string } } & { userId?: string };
    return { auth, headers: h, email: `${id}@quizdeck.test`, userId: userId ?? ((await auth.api.getSession({ headers: h }))!.user.id) };
  }

  it("turns TOTP on with a first code; backup codes work once; the rows go with the account", async () => {
    const { auth, headers, userId, email } = await signUp();
    const setup = await auth.api.enableTwoFactor({ headers, body: { password: "a-long-password" } });
    if (!("totpURI" in setup)) throw new Error("no TOTP");
    expect(setup.backupCodes).toHaveLength(10);
    const [row] = await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
    const secret = new URL(setup.totpURI).searchParams.get("secret")!;
    // Stored encrypted, never as the base32 secret or the codes themselves.
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(setup.backupCodes[0]!);
    expect(row!.verified).toBe(false);
    expect((await handle.db.select().from(users).where(eq(users.id, userId)))[0]!.twoFactorEnabled).toBe(false);

    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await expect(auth.api.verifyTOTP({ headers, body: { code: totp.generate() === "000000" ? "111111" : "000000" } })).rejects.toMatchObject({
      body: { code: "INVALID_CODE" },
    });
    await auth.api.verifyTOTP({ headers, body: { code: totp.generate() } });
    expect((await handle.db.select().from(users).where(eq(users.id, userId)))[0]!.twoFactorEnabled).toBe(true);

    // Signing in now stops at the second step; a backup code finishes it, once.
    const secondStep = async (code: string) => {
      const signIn = await post(auth, "/api/auth/sign-in/email", { email, password: "a-long-password" });
      expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
      return post(auth, "/api/auth/two-factor/verify-backup-code", { code }, cookiesOf(signIn));
    };
    // Codes of one case without look-alikes, shown with a dash.
    for (const code of setup.backupCodes) expect(code).toMatch(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`));
    const signedIn = await secondStep(setup.backupCodes[0]!);
    expect(signedIn.status).toBe(200);
    headers.set("cookie", cookiesOf(signedIn));
    const reused = await secondStep(setup.backupCodes[0]!);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: "INVALID_BACKUP_CODE" });
    // Typed in capitals, without the dash: the same code.
    expect((await secondStep(setup.backupCodes[1]!.toUpperCase().replace("-", ""))).status).toBe(200);
    expect((await secondStep(setup.backupCodes[1]!)).status).toBe(401);
    // Codes made before this rule (Better Auth's own, in mixed case, stored as it stores them) work
    // however they are typed, and still once each.
    const old = ["aB3dE-9xY7z", "QwErT-zX12y"];
    await handle.db.update(twoFactors).set({ backupCodes: await symmetricEncrypt({ key: await appSecret(), data: JSON.stringify(old) }) }).where(eq(twoFactors.userId, userId));
    expect((await secondStep("ab3de9xy7z")).status).toBe(200);
    expect((await secondStep("aB3dE-9xY7z")).status).toBe(401);
    expect((await secondStep("QwErT-zX12y")).status).toBe(200);

    await handle.db.insert(passkeys).values({
      id: `pk-${userId}`,
      name: "Laptop",
      publicKey: "AAAA",
      userId,
      credentialID: `cred-${userId}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect((await auth.api.listPasskeys({ headers })).map((p) => p.name)).toEqual(["Laptop"]);
    // Another member sees none of them, and cannot rename or remove them.
    const other = await signUp();
    expect(await other.auth.api.listPasskeys({ headers: other.headers })).toEqual([]);
    await expect(other.auth.api.deletePasskey({ headers: other.headers, body: { id: `pk-${userId}` } })).rejects.toBeDefined();
    await expect(other.auth.api.updatePasskey({ headers: other.headers, body: { id: `pk-${userId}`, name: "Mine" } })).rejects.toBeDefined();
    expect((await auth.api.listPasskeys({ headers })).map((p) => p.name)).toEqual(["Laptop"]);

    await handle.db.delete(users).where(eq(users.id, userId));
    expect(await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, userId))).toEqual([]);
    expect(await handle.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual([]);
  });

  it("lists the account's sessions and revokes one of them", async () => {
    const first = await signUp();
    const again = await first.auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-in/email`, { method: "POST", headers: base(), body: JSON.stringify({ email: first.email, password: "a-long-password" }) }),
    );
    expect(again.status).toBe(200);
    const sessions = await first.auth.api.listSessions({ headers: first.headers });
    expect(sessions).toHaveLength(2);
    await first.auth.api.revokeOtherSessions({ headers: first.headers });
    expect(await first.auth.api.listSessions({ headers: first.headers })).toHaveLength(1);
  });

  it("remembers used TOTP codes: a claim once per account, given back, forgotten after 90 s, one winner of a race", async () => {
    const a = await signUp();
    const b = await signUp();
    const t0 = new Date();
    expect(await claimTotpCode(handle.db, a.userId, "123456", t0)).toBe(true);
    expect(await claimTotpCode(handle.db, a.userId, "123456", new Date(t0.getTime() + 89_000))).toBe(false);
    // Another account's code is its own.
    expect(await claimTotpCode(handle.db, b.userId, "123456", t0)).toBe(true);
    // Given back (the code was wrong), it may be claimed again.
    await releaseTotpCode(handle.db, a.userId, "123456");
    expect(await claimTotpCode(handle.db, a.userId, "123456", t0)).toBe(true);
    // Past the memory, the row is forgotten (and the next claim takes it).
    expect(await claimTotpCode(handle.db, a.userId, "123456", new Date(t0.getTime() + 90_000))).toBe(true);
    expect(await usedTotpCodes(handle.db, a.userId)).toEqual([{ code: "123456", keptUntil: new Date(t0.getTime() + 180_000) }]);
    // Two requests with the same code at once: one wins.
    const race = await Promise.all(Array.from({ length: 5 }, () => claimTotpCode(handle.db, a.userId, "654321", t0)));
    expect(race.filter(Boolean)).toHaveLength(1);
    // The rows go with the account.
    await handle.db.delete(users).where(eq(users.id, a.userId));
    expect(await handle.db.select().from(totpUsedCodes).where(eq(totpUsedCodes.userId, a.userId))).toEqual([]);
  });

  it("refuses a TOTP code used once, when turning two-factor on and at sign-in; a code of the next step works", async () => {
    const { auth, headers, userId, email } = await signUp();
    const setup = await auth.api.enableTwoFactor({ headers, body: { password: "a-long-password" } });
    if (!("totpURI" in setup)) throw new Error("no TOTP");
    const totp = new TOTP({ secret: Secret.fromBase32(new URL(setup.totpURI).searchParams.get("secret")!), digits: 6, period: 30 });
    const stepNow = () => Math.floor(Date.now() / 30_000);
    const codeAt = (step: number) => totp.generate({ timestamp: step * 30_000 });

    // A wrong code is refused by Better Auth and not remembered.
    const wrong = totp.generate() === "000000" ? "111111" : "000000";
    await expect(auth.api.verifyTOTP({ headers, body: { code: wrong } })).rejects.toMatchObject({ body: { code: "INVALID_CODE" } });
    expect(await usedTotpCodes(handle.db, userId)).toEqual([]);

    const first = stepNow();
    const on = await auth.api.verifyTOTP({ headers, body: { code: codeAt(first) }, asResponse: true });
    expect(on.status).toBe(200);
    // Turning it on replaced the session.
    headers.set("cookie", cookiesOf(on));
    expect((await usedTotpCodes(handle.db, userId)).map((u) => u.code)).toEqual([codeAt(first)]);
    await expect(auth.api.verifyTOTP({ headers, body: { code: codeAt(first) } })).rejects.toMatchObject({ body: { code: "invalid_code" } });

    const secondStep = async (code: string) => {
      const signIn = await post(auth, "/api/auth/sign-in/email", { email, password: "a-long-password" });
      expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
      return post(auth, "/api/auth/two-factor/verify-totp", { code }, cookiesOf(signIn));
    };
    // The code that turned it on cannot sign in (Better Auth alone would take it within its window).
    const reused = await secondStep(codeAt(first));
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: "invalid_code" });
    // The next step's code (Better Auth accepts one step either side) signs in, once.
    const next = stepNow() + 1;
    expect((await secondStep(codeAt(next))).status).toBe(200);
    const again = await secondStep(codeAt(next));
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "invalid_code" });
  });
});
