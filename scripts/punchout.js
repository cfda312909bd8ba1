// `npm run punchout -- add|list|remove ...`: see server/procurement/punchout-command.ts.
import { importTypeScript } from "./import-typescript.js";

const punchout = await importTypeScript("./server/procurement/punchout-command.ts");
await punchout.main(process.argv.slice(2));
