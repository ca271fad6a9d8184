import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

// The models of Better Auth's passkey plugin (@better-auth/passkey) and two-factor plugin, in its
// field names (its Drizzle adapter, usePlural). Both go with the account (on delete cascade).

/** A WebAuthn credential: its public key (base64), signature counter and transports; `name` is the member's. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId), index("passkeys_credential_idx").on(t.credentialID)],
);

/**
 * A TOTP secret and the backup codes, both encrypted with the instance's secret by Better Auth.
 * `verified` is false until a first code from the app was accepted; failed codes count towards a
 * lock of the account's second step.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * TOTP codes accepted per account, remembered while Better Auth would accept them again
 * (src/core/totp-reuse.ts): a code presented while its row is live is refused. Rows past
 * `kept_until` are forgotten at the next claim; they go with the account.
 */
export const totpUsedCodes = pgTable(
  "totp_used_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    keptUntil: timestamp("kept_until", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] }), index("totp_used_codes_kept_until_idx").on(t.keptUntil)],
);
