// `npm run soak [-- --seconds 60 --clients 8]`: see bench/soak.ts.
import { importTypeScript } from "./import-typescript.js";

process.env.LOG_LEVEL ??= "silent";
const soak = await importTypeScript("./bench/soak.ts");
await soak.main();
