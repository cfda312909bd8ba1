// `npm run restore -- FOLDER [--force]`: see server/backup/restore-command.ts.
import { importTypeScript } from "./import-typescript.js";

const restore = await importTypeScript("./server/backup/restore-command.ts");
await restore.main(process.argv.slice(2));
