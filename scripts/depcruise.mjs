// Checks the layers of src/ against .dependency-cruiser.cjs (`npm run lint`, `npm run lint:layers`).
//
// Runs dependency-cruiser through its API rather than its CLI: the CLI refuses to start on
// Node 20, which this project supports (package.json "engines"), while the API runs on it.
// Usage: node scripts/depcruise.mjs [paths...]   (default: src)
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, format } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoConfig = createRequire(import.meta.url)(path.join(REPO, ".dependency-cruiser.cjs"));

/**
 * Cruises `paths` (relative to `root`: the repository, or a test's fixture folder holding a src/
 * and a tsconfig.json) with the rules of .dependency-cruiser.cjs; the result's
 * `summary.violations` name the rules broken. `cache: false` leaves no cache behind.
 */
export async function cruiseLayers(paths, { root = REPO, cache = true } = {}) {
  const { forbidden, options } = root === REPO ? repoConfig : repoConfig.configFor(root);
  const tsConfigFile = path.join(root, options.tsConfig.fileName);
  const result = await cruise(
    paths,
    {
      ...options,
      cache: cache ? { ...options.cache, folder: path.join(root, options.cache.folder) } : false,
      tsConfig: { fileName: tsConfigFile },
      baseDir: root,
      ruleSet: { forbidden },
      validate: true,
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return result.output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const result = await cruiseLayers(process.argv.length > 2 ? process.argv.slice(2) : ["src"]);
  const report = await format(result, { outputType: "err" });
  process.stdout.write(report.output);
  console.log(`depcruise: ${result.summary.totalCruised} modules in ${Math.round(performance.now() - started)} ms`);
  process.exitCode = report.exitCode;
}
