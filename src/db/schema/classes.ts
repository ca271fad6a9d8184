import { boolean, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { attempts, challenges } from "./play";
import { users } from "./users";

/**
 * Classes (docs/rules.md §13): a member's group of students that lasts. Students join once by the
 * class code; a member joins with their account (`userId`), anyone else with a roster name kept in
 * their browser by a token (only its hash is stored) and a recovery code the teacher can see.
 * Deleting a class deletes its roster, its assignments and the attempts its students made as
 * class members (src/db/queries/classes.ts).
 */
export const classes = pgTable(
  "classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject"),
    // Whether students see the class leaderboard (their own results they always see).
    showLeaderboard: boolean("show_leaderboard").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("classes_owner_idx").on(t.ownerId)],
);

export const classStudents = pgTable(
  "class_students",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // The roster name folded (core's rosterNameKey): unique in the class.
    nameKey: text("name_key").notNull(),
    // A member who joined with their account; null for a student without one.
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    // A student without an account: the hash of the token their browser holds, and their recovery code.
    tokenHash: text("token_hash").unique(),
    recoveryCode: text("recovery_code").unique(),
    // Extra time the teacher gives this student in the class's challenges: 1 (none), 1.5 or 2
    // (core's EXTRA_TIME_FACTORS; docs/rules.md §13).
    extraTime: real("extra_time").notNull().default(1),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("class_students_name_idx").on(t.classId, t.nameKey),
    uniqueIndex("class_students_user_idx").on(t.classId, t.userId),
    index("class_students_member_idx").on(t.userId),
  ],
);

/** A challenge handed to a class: its students play it from their class page. */
export const classAssignments = pgTable(
  "class_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: uuid("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    challengeId: uuid("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("class_assignments_once_idx").on(t.classId, t.challengeId)],
);

/** Which roster entry played an attempt (one row an attempt): the gradebook reads by it. */
export const classAttempts = pgTable(
  "class_attempts",
  {
    attemptId: uuid("attempt_id")
      .primaryKey()
      .references(() => attempts.id, { onDelete: "cascade" }),
    classStudentId: uuid("class_student_id")
      .notNull()
      .references(() => classStudents.id, { onDelete: "cascade" }),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => classAssignments.id, { onDelete: "cascade" }),
  },
  (t) => [index("class_attempts_student_idx").on(t.classStudentId), index("class_attempts_assignment_idx").on(t.assignmentId)],
);
