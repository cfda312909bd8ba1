// `npm run catalog:export -- FILE`: see server/catalog/import/catalog-command.ts (run from the SSR build).
import { importServerBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";
const { exportCatalogCommand } = await importServerBuild();
await exportCatalogCommand(process.argv.slice(2));
