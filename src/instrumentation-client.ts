import { z } from "zod";

// Runs in the browser before the app's own modules. zod compiles object parsers with
// `new Function` when eval is allowed, and probes for it when a schema is made; under our CSP
// (no 'unsafe-eval') the probe alone is a reported violation. Parse without compiling.
z.config({ jitless: true });
