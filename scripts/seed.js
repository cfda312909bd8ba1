// `npm run seed -- --products 100000`: see server/catalog/seed/seed-command.ts.
import { importTypeScript } from "./import-typescript.js";

const seed = await importTypeScript("./server/catalog/seed/seed-command.ts");
await seed.main(process.argv.slice(2));
