/**
 * A guest's study progress in their browser's IndexedDB: cards by question id and the review
 * log by client review id. Dates are stored as Date objects (IndexedDB clones them as such).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { GUEST_STUDY_COOKIE } from "@/core/study/guest-cookie";
import type { GuestCard, GuestProgress, GuestReview } from "@/core/study/merge";

interface GuestStudyDb extends DBSchema {
  cards: { key: string; value: GuestCard };
  reviews: { key: string; value: GuestReview };
}

const NAME = "quizdeck-study";
let opened: Promise<IDBPDatabase<GuestStudyDb>> | null = null;

/** null where IndexedDB is missing (some private modes): the guest then studies without keeping. */
function database(): Promise<IDBPDatabase<GuestStudyDb>> | null {
  if (typeof indexedDB === "undefined") return null;
  opened ??= openDB<GuestStudyDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore("cards", { keyPath: "questionId" });
      db.createObjectStore("reviews", { keyPath: "id" });
    },
  }).catch((err: unknown) => {
    opened = null;
    throw err;
  });
  return opened;
}

/** The time zone a guest's study days are counted in: this browser's. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * Tells the server whether this browser keeps study progress (a cookie without any id), so the
 * home page keeps room for a guest's strip only where one will show (core/study/decks).
 */
function markGuestStudy(kept: boolean) {
  const set = document.cookie.split("; ").includes(`${GUEST_STUDY_COOKIE}=1`);
  if (kept && !set) document.cookie = `${GUEST_STUDY_COOKIE}=1; path=/; max-age=${400 * 86_400}; samesite=lax`;
  if (!kept && set) document.cookie = `${GUEST_STUDY_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export async function loadGuestProgress(): Promise<GuestProgress> {
  const db = await database()?.catch(() => null);
  if (!db) return { cards: [], reviews: [] };
  const tx = db.transaction(["cards", "reviews"]);
  const [cards, reviews] = await Promise.all([tx.objectStore("cards").getAll(), tx.objectStore("reviews").getAll()]);
  await tx.done;
  // Progress kept before the cookie existed (or the cookie cleared by hand) gets it back here.
  markGuestStudy(cards.length > 0);
  return { cards, reviews };
}

/** Keeps a review and the card it left, together. False when the browser cannot keep them. */
export async function saveGuestReview(card: GuestCard, review: GuestReview): Promise<boolean> {
  const db = await database()?.catch(() => null);
  if (!db) return false;
  const tx = db.transaction(["cards", "reviews"], "readwrite");
  await Promise.all([tx.objectStore("cards").put(card), tx.objectStore("reviews").put(review), tx.done]);
  markGuestStudy(true);
  return true;
}

/** After the account has them: only what was sent is removed (a review made meanwhile stays). */
export async function forgetGuestProgress(sent: GuestProgress): Promise<void> {
  const db = await database()?.catch(() => null);
  if (!db) return;
  const tx = db.transaction(["cards", "reviews"], "readwrite");
  const cards = tx.objectStore("cards");
  const reviews = tx.objectStore("reviews");
  await Promise.all([
    ...sent.reviews.map((r) => reviews.delete(r.id)),
    ...sent.cards.map(async (c) => {
      const now = await cards.get(c.questionId);
      if (now && now.memory.reps === c.memory.reps) await cards.delete(c.questionId);
    }),
    tx.done,
  ]);
  markGuestStudy((await db.count("cards")) > 0);
}
