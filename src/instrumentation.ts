/**
 * Runs once when the server starts. The Node.js-only work lives in its own module behind this
 * exact check, which lets the bundler leave it out of the edge build.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await import("./instrumentation-node");
  }
}
