// `npm run catalog:import -- FILE [--dry-run]`: see server/catalog/catalog-command.ts.
import { importTypeScript } from "./import-typescript.js";

const command = await importTypeScript("./server/catalog/catalog-command.ts");
await command.importMain(process.argv.slice(2));
