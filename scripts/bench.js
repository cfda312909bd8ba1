// `npm run bench [-- --products 100000 --seconds 5]`: see bench/index.ts. Loaded through Vite's
// module runner, as the seed command is, because it reuses the server's TypeScript modules.
import { runnerImport } from "vite";

process.env.LOG_LEVEL ??= "silent";
const { module } = await runnerImport("./bench/index.ts", { configFile: false, logLevel: "error" });
await module.main();
