// Which Chromium the browser tests and Lighthouse drive. Never a downloaded browser: the one
// CHROMIUM_PATH names, else the system's, else one Playwright installed earlier; on a machine with
// none, Debian's package is installed when this user may (root, or sudo without a password). The
// browser tests prefer Debian's headless shell, the old headless build Playwright itself runs
// headless tests in: the same stories took 215 s in it, 299 s in the whole browser (34 stories,
// two workers, one run after the other). Lighthouse measures pages in the whole browser.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { installDebianPackages } from "./debian-packages.js";

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
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

/** The browser the Playwright tests drive: CHROMIUM_PATH's, else the headless shell, else findChromium's. */
export function findTestBrowser() {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/**
 * Makes sure a Chromium (and the fonts pages are measured with) is here, installing Debian's
 * packages when it may: for the browser tests (`forTests`) the headless shell besides, which they
 * do without where it cannot be installed. Returns the browser's path, or undefined with the
 * reason printed.
 * @returns {string | undefined}
 */
export function ensureChromium({ forTests = false } = {}) {
  const find = forTests ? findTestBrowser : findChromium;
  const missing = [
    ...(findChromium() ? [] : ["chromium"]),
    ...(forTests && !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) ? ["chromium-headless-shell"] : []),
    ...(existsSync(FONT) ? [] : ["fonts-liberation"]),
  ];
  if (missing.length > 0) installDebianPackages(missing);
  const chromium = find();
  if (!chromium)
    console.log(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`
        : `No Chromium on this machine: install it with \`${INSTALL_HINT}\`, or set CHROMIUM_PATH.`,
    );
  return chromium;
}
