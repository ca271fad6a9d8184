import { z } from "zod";

/**
 * zod for the rules in core, which client pages load too. In a browser zod would probe for eval
 * (`new Function`) to compile object parsers, and under our Content-Security-Policy (no
 * 'unsafe-eval') that probe alone is a reported violation: there it parses without compiling.
 * The server keeps compiled parsers. Every core module imports z from here, so the setting is in
 * place before any schema is made (ESLint refuses a direct import of "zod" in src/core).
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
