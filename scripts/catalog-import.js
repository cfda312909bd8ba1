// `npm run catalog:import -- FILE [--dry-run]`: see server/catalog/import/catalog-command.ts. It runs from
// the SSR build, not through Vite's module runner, whose own 350 MB would dwarf the import's.
import { importServerBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";
const { importCatalogCommand } = await importServerBuild();
await importCatalogCommand(process.argv.slice(2));
