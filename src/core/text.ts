import { z } from "./zod";

/**
 * Control characters in text people type. PostgreSQL cannot store NUL in text or jsonb at all (a
 * NUL reaching it is a 500), and the others only garble a page, so they are refused at the edge.
 * Multi-line text keeps tab, line feed and carriage return; single-line text keeps none.
 */
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
const ANY_CONTROL_GLOBAL = /[\u0000-\u001f\u007f]/g;

export const CONTROL_MESSAGE = "Remove control characters";

export const hasControlChars = (value: string, multiLine = false) => (multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value);

/** For free-form input such as a search box: control characters become spaces rather than an error. */
export const stripControlChars = (value: string) => value.replace(ANY_CONTROL_GLOBAL, " ");

/** A string schema that refuses control characters (multi-line text keeps tabs and line breaks). */
export const plainText = (multiLine = false) => z.string().refine((v) => !hasControlChars(v, multiLine), CONTROL_MESSAGE);
