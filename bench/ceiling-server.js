// The machine's ceiling: a bare Node http server answering every request with the same bytes
// (the product page's HTML, read once), so the store's figures can be read as a share of it.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.CEILING_BODY_FILE);
createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  response.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
