// `npm run bench [-- --products 100000 --seconds 5]`: see bench/index.ts.
import { importTypeScript } from "./import-typescript.js";

process.env.LOG_LEVEL ??= "silent";
const bench = await importTypeScript("./bench/index.ts");
await bench.main();
