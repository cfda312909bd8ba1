import { benchImport } from "./import";

const rows = Number(process.env.ROWS ?? 100000);
for (const line of await benchImport(process.env.PG!, rows)) console.log(line);
