// Which Chromium the browser tests and Lighthouse drive. Never a downloaded browser: the one
// CHROMIUM_PATH names, else the system's, else one Playwright installed earlier; on a machine with
// none, Debian's package is installed when this user may (root, or sudo without a password).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { installDebianPackages } from "./debian-packages.js";

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

/**
 * Makes sure a Chromium (and the fonts pages are measured with) is here, installing Debian's
 * packages when it may. Returns the browser's path, or undefined with the reason printed.
 * @returns {string | undefined}
 */
export function ensureChromium() {
  const found = findChromium();
  const missing = [...(found ? [] : ["chromium"]), ...(existsSync(FONT) ? [] : ["fonts-liberation"])];
  if (missing.length > 0) installDebianPackages(missing);
  const chromium = findChromium();
  if (!chromium)
    console.log(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`
        : `No Chromium on this machine: install it with \`${INSTALL_HINT}\`, or set CHROMIUM_PATH.`,
    );
  return chromium;
}
