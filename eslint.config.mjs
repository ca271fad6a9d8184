import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { FlatCompat } from "@eslint/eslintrc";
import tseslint from "typescript-eslint";

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

export default tseslint.config(
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "dist/**", "test-results/**", "test-results-*/**", "playwright-report/**", "next-env.d.ts"] },
  ...compat.extends("next/core-web-vitals", "next/typescript"),
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: dirname(fileURLToPath(import.meta.url)) } },
    rules: {
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
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
);
