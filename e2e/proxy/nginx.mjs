// Starts Debian's nginx in front of the proxy-desktop project's app server, the way
// docs/operations.md tells an operator to: deploy/nginx.conf, with a test port, host name and a
// self-signed certificate made here. Playwright runs it as a webServer (playwright.config.ts);
// nginx stays in the foreground (daemon off) and keeps everything (pid, logs, temp files) in
// PROXY_DIR, so it runs as root or not without touching /etc/nginx.
//
//   PROXY_DIR=/tmp/x PROXY_HOST=quizdeck.test PROXY_PORT=3405 APP_PORT=3404 node e2e/proxy/nginx.mjs
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const { PROXY_DIR: dir, PROXY_HOST: host, PROXY_PORT: port, APP_PORT: appPort } = process.env;
if (!dir || !host || !port || !appPort) fail("PROXY_DIR, PROXY_HOST, PROXY_PORT and APP_PORT must be set.");

function fail(message) {
  console.error(`[nginx] ${message}`);
  process.exit(1);
}

const nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"].find((p) => existsSync(p)) ?? "nginx";
try {
  execFileSync(nginx, ["-v"], { stdio: "ignore" });
} catch {
  fail(
    "nginx is not installed. The proxy-desktop end-to-end tests run the app behind Debian's nginx: " +
      "install it with `sudo apt-get install -y nginx` (.ci/run does).",
  );
}

// A fresh directory each run: nothing of an earlier run's nginx (pid, temp files) is reused.
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// Worker processes may run as another user (nobody, when started as root): they need to reach
// the temp directories nginx makes in here.
chmodSync(dir, 0o755);
const cert = path.join(dir, "cert.pem");
const key = path.join(dir, "key.pem");
try {
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", `/CN=${host}`,
      "-addext", `subjectAltName=DNS:${host}`, "-days", "2", "-keyout", key, "-out", cert],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
} catch (err) {
  fail(`openssl could not make the test certificate (apt-get install -y openssl): ${err.stderr?.toString() ?? err}`);
}

// The operator's file with the test's values in place of the documented ones. Each must be
// found, so a change to deploy/nginx.conf cannot quietly leave the test on other settings.
const template = readFileSync(new URL("../../deploy/nginx.conf", import.meta.url), "utf8");
const swaps = [
  ["listen 443 ssl;", `listen 127.0.0.1:${port} ssl;`],
  ["listen [::]:443 ssl;", ""],
  ["server_name quiz.example.org;", `server_name ${host};`],
  ["/etc/ssl/quizdeck/fullchain.pem", cert],
  ["/etc/ssl/quizdeck/privkey.pem", key],
  ["server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`],
];
let site = template;
for (const [from, to] of swaps) {
  if (!site.includes(from)) fail(`deploy/nginx.conf no longer contains "${from}"; update the swaps in e2e/proxy/nginx.mjs.`);
  site = site.replaceAll(from, to);
}
writeFileSync(path.join(dir, "quizdeck.conf"), site);

const temp = (name) => path.join(dir, name);
writeFileSync(
  path.join(dir, "nginx.conf"),
  `worker_processes 1;
pid ${temp("nginx.pid")};
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log ${temp("access.log")};
  client_body_temp_path ${temp("client_body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  include ${temp("quizdeck.conf")};
}
`,
);

// -e: where nginx logs before it has read the configuration (else /var/log/nginx, often not writable).
const child = spawn(nginx, ["-p", dir, "-e", "stderr", "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
console.log(`[nginx] https://${host}:${port} → http://127.0.0.1:${appPort} (configuration in ${dir})`);
child.on("error", (err) => fail(`could not start nginx: ${err.message}`));
child.on("exit", (code, signal) => {
  if (code) console.error(`[nginx] exited with code ${code}; its messages are above.`);
  process.exit(code ?? (signal ? 1 : 0));
});
// nginx's fast shutdown on TERM/INT; QUIT would wait for open WebSockets.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill("SIGTERM"));
