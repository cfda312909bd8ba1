// Installs Debian packages the test run needs (Chromium for the browser tests, nginx for the
// deployment recipe's test) where this user may: root, or sudo without a password.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** "" for root, "sudo" where sudo needs no password, undefined where this user cannot install. */
function installer() {
  if (process.getuid?.() === 0) return "";
  return spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0 ? "sudo" : undefined;
}

/** Installs `packages` with apt; false when it may not or could not. @param {string[]} packages */
export function installDebianPackages(packages) {
  const sudo = installer();
  if (sudo === undefined || !existsSync("/usr/bin/apt-get")) return false;
  console.log(`Installing ${packages.join(" ")} from Debian...`);
  const apt = (args) =>
    spawnSync(sudo ? "sudo" : "apt-get", sudo ? ["apt-get", ...args] : args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  const installed = apt(["update", "-qq"]) && apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]);
  if (!installed) console.log(`Could not install ${packages.join(" ")}.`);
  return installed;
}
