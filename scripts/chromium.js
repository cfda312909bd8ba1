// Which Chromium the browser tests and Lighthouse drive. Never a downloaded browser: the one
// CHROMIUM_PATH names, else the system's, else one Playwright installed earlier; on a machine with
// none, Debian's package is installed when this user may (root, or sudo without a password).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf";
export const INSTALL_HINT = "sudo apt-get install chromium fonts-liberation";

function playwrightsOwn() {
  try {
    const { chromium } = createRequire(import.meta.url)("playwright-core");
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The path of a Chromium that exists here, or undefined. @returns {string | undefined} */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return [...SYSTEM_PATHS, playwrightsOwn()].find((candidate) => candidate && existsSync(candidate));
}

/** "" for root, "sudo" where sudo needs no password, undefined where this user cannot install. */
function installer() {
  if (process.getuid?.() === 0) return "";
  return spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0 ? "sudo" : undefined;
}

/**
 * Makes sure a Chromium (and the fonts pages are measured with) is here, installing Debian's
 * packages when it may. Returns the browser's path, or undefined with the reason printed.
 * @returns {string | undefined}
 */
export function ensureChromium() {
  const found = findChromium();
  const missing = [...(found ? [] : ["chromium"]), ...(existsSync(FONT) ? [] : ["fonts-liberation"])];
  const sudo = installer();
  if (missing.length > 0 && sudo !== undefined && existsSync("/usr/bin/apt-get")) {
    console.log(`Installing ${missing.join(" ")} from Debian...`);
    const apt = (args) =>
      spawnSync(sudo ? "sudo" : "apt-get", sudo ? ["apt-get", ...args] : args, {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status === 0;
    if (!(apt(["update", "-qq"]) && apt(["install", "-y", "-qq", "--no-install-recommends", ...missing])))
      console.log(`Could not install ${missing.join(" ")}.`);
  }
  const chromium = findChromium();
  if (!chromium)
    console.log(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`
        : `No Chromium on this machine: install it with \`${INSTALL_HINT}\`, or set CHROMIUM_PATH.`,
    );
  return chromium;
}
