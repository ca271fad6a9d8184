import { z } from "./zod";

/**
 * Row ids are UUIDs. A path segment that merely looks like one (36 dashes, 36 × "a") would make
 * PostgreSQL refuse the cast and the request a 500, so ids are parsed once, at the edge.
 */
export const uuidSchema = z.uuid();
export const isUuid = (value: unknown): value is string => uuidSchema.safeParse(value).success;
