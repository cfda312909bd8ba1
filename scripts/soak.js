// `npm run soak [-- --seconds 60 --clients 8]`: see bench/soak.ts.
import { runnerImport } from "vite";

process.env.LOG_LEVEL ??= "silent";
const { module } = await runnerImport("./bench/soak.ts", { configFile: false, logLevel: "error" });
await module.main();
