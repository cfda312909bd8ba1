// The seed, bench and soak commands reuse the server's TypeScript modules, whose extensionless
// imports Node alone does not resolve: they are loaded through Vite's module runner.
import { runnerImport } from "vite";

/** Imports a TypeScript module of this repository. */
export async function importTypeScript(file) {
  const { NODE_ENV } = process.env;
  const { module } = await runnerImport(file, { configFile: false, logLevel: "error" });
  // The runner sets NODE_ENV=development, which every store these commands build and start
  // would inherit: React's development build, three times slower, in the figures.
  if (NODE_ENV === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = NODE_ENV;
  return module;
}
