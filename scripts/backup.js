// `npm run backup -- [--out FOLDER]`: see server/backup/backup-command.ts.
import { importTypeScript } from "./import-typescript.js";

const backup = await importTypeScript("./server/backup/backup-command.ts");
await backup.main(process.argv.slice(2));
