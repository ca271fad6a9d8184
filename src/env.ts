import { z } from "zod";

/** Every environment variable Quizdeck reads, validated once at start-up (README: Configuration). */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  QUIZDECK_DATA_DIR: z.string().trim().min(1).default("./data"),
  QUIZDECK_SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  QUIZDECK_PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://quiz.example.org" }).optional(),
  // Signs guest cookies. Unset: a random secret is made once and kept in the database.
  QUIZDECK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Accounts signing up (or in) with one of these emails become admins; comma-separated.
  QUIZDECK_ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Requests per minute per address (PRODUCT.md §9); raise them only for load tests.
  QUIZDECK_RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(10),
  QUIZDECK_RATE_LIMIT_JOIN: z.coerce.number().int().min(1).default(20),
  // End-to-end tests only: lets a cookie move study mode's clock forward ("come back tomorrow").
  // Never set it on a real server: anyone could then study their cards ahead of time.
  QUIZDECK_TEST_CLOCK: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().trim().min(1).default("0.0.0.0"),
});

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws EnvError naming every bad variable and what it expects. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
