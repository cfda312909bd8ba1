// `npm run seed -- --products 100000`: loads the TypeScript seed command through Vite's module
// runner (the server's sources use extensionless imports that Node alone does not resolve).
import { runnerImport } from "vite";

const { module } = await runnerImport("./server/catalog/seed-command.ts", { configFile: false, logLevel: "error" });
await module.main(process.argv.slice(2));
