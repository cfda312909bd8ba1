import { runnerImport } from "vite";

process.chdir("/work/wt-import");
const { module } = await runnerImport("./bench/.tmp-once.ts", { configFile: false, logLevel: "error" });
