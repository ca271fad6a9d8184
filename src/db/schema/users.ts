import { boolean, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["member", "admin"]);

// Column names follow Better Auth's core user model (id, name, email, emailVerified, image) so the
// accounts work can mount its Drizzle adapter on this table; `name` is the display name.
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  handle: text("handle").notNull().unique(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: userRole("role").notNull().default("member"),
  locale: text("locale").notNull().default("en"),
  /** Better Auth's two-factor plugin: sign-in asks for a code from the authenticator app too. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /** Set by an admin (docs/rules.md §6): sign-in is refused, sessions are gone, API tokens do nothing. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Instance-wide settings, such as the generated secret that signs guest cookies. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
