// The nginx that the deployment recipe's test runs (deploy/nginx/store.conf): NGINX_PATH, else
// the system's, else Debian's package installed when this user may.
import { existsSync } from "node:fs";
import { installDebianPackages } from "./debian-packages.js";

const SYSTEM_PATHS = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The path of an nginx that exists here, or undefined. @returns {string | undefined} */
export function findNginx() {
  if (process.env.NGINX_PATH) return existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : undefined;
  return SYSTEM_PATHS.find((candidate) => existsSync(candidate));
}

/** Makes sure nginx is here; its path, or undefined with the reason printed. @returns {string | undefined} */
export function ensureNginx() {
  if (!findNginx() && !process.env.NGINX_PATH) installDebianPackages(["nginx"]);
  const nginx = findNginx();
  if (!nginx) console.log("No nginx on this machine: install it with `sudo apt-get install nginx`, or set NGINX_PATH.");
  return nginx;
}
