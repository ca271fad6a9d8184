// Checks the layers of src/ against .dependency-cruiser.cjs (npm run lint).
//
// Runs dependency-cruiser through its API rather than its CLI: the CLI refuses to start on
// Node 20, which this project supports (package.json "engines"), while the API works on it.
// Usage: node scripts/depcruise.mjs [paths...]   (default: src)
import { createRequire } from "node:module";
import { cruise, format } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const require = createRequire(import.meta.url);

/**
 * Cruises `paths` (relative to `root`) with the rules `config` and returns the result, whose
 * `summary.violations` name the broken rules.
 */
export async function cruiseLayers(paths, { root = process.cwd(), config = require(`${root}/.dependency-cruiser.cjs`) } = {}) {
  const options = config.options;
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(
      paths,
      { ...options, ruleSet: { forbidden: config.forbidden }, validate: true, baseDir: root },
      {},
      { tsConfig: extractTSConfig(options.tsConfig.fileName) },
    );
    return result.output;
  } finally {
    process.chdir(previous);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const result = await cruiseLayers(process.argv.length > 2 ? process.argv.slice(2) : ["src"]);
  const report = await format(result, { outputType: "err" });
  process.stdout.write(report.output);
  console.log(`depcruise: ${result.summary.totalCruised} modules in ${Math.round(performance.now() - started)} ms`);
  process.exitCode = report.exitCode;
}
