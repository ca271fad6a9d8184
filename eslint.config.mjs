import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "dist/**", "test-results/**", "test-results-*/**", "playwright-report/**", "next-env.d.ts"] },
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: dirname(fileURLToPath(import.meta.url)) } },
    rules: {
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // eslint-plugin-react-hooks 7 (with eslint-config-next 16) adds the React Compiler's checks.
      // This app does not use the compiler, and the 19 places they flag (setState in an effect on
      // mount, refs read while rendering) are deliberate; reworking them is its own change.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "react-hooks/immutability": "off",
    },
  },
  // Import cycles and the layers of src/ are dependency-cruiser's (.dependency-cruiser.cjs, run by
  // `npm run lint` after ESLint): it counts type-only imports, which import/no-cycle skips, in a
  // fraction of the time.
  {
    // CommonJS files (the dependency-cruiser config) have no other way to load a module.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Core's rules run in browsers too: zod comes through src/core/zod.ts, which keeps it from
    // probing for eval under the Content-Security-Policy.
    files: ["src/core/**/*.ts"],
    ignores: ["src/core/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: 'Import z from "src/core/zod" (it sets jitless in browsers).', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Links prefetch when reached for, not when they scroll into view (src/components/ui/link.tsx).
    files: ["src/**/*.tsx"],
    ignores: ["src/components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "next/link", message: 'Import Link from "@/components/ui/link" (it prefetches on intent, not on sight).' }] },
      ],
    },
  },
);
