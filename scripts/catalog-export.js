// `npm run catalog:export -- FILE`: see server/catalog/catalog-command.ts.
import { importTypeScript } from "./import-typescript.js";

const command = await importTypeScript("./server/catalog/catalog-command.ts");
await command.exportMain(process.argv.slice(2));
