import { describe, expect, it } from "vitest";
import { decodeGuest, encodeGuest } from "./guest-cookie";

const key = "k".repeat(32);
const guest = { id: "0b6f3d5e-0000-4000-8000-000000000001", nickname: "Ada" };

describe("guest cookie", () => {
  it("round-trips", () => {
    expect(decodeGuest(encodeGuest(guest, key), key)).toEqual(guest);
  });
  it("refuses a forged or edited cookie", () => {
    const value = encodeGuest(guest, key);
    const [payload] = value.split(".");
    const edited = Buffer.from(JSON.stringify({ id: guest.id, n: "Admin" })).toString("base64url");
    expect(decodeGuest(`${edited}.${value.split(".")[1]}`, key)).toBeNull();
    expect(decodeGuest(encodeGuest(guest, "x".repeat(32)), key)).toBeNull();
    expect(decodeGuest(`${payload}.`, key)).toBeNull();
    expect(decodeGuest("garbage", key)).toBeNull();
    expect(decodeGuest(undefined, key)).toBeNull();
  });
});
