// R1: the fixture's production build behind node:http, as `react-router-serve` would run it without Express.
// /page/<name> renders the markup of one of our pages, read once from `$R1_PAGES/<name>.html`.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
import { parseMarkup } from "./markup.mjs";

const pages = new Map();
globalThis.benchPage = (name) => {
  const file = path.join(process.env.R1_PAGES ?? "", `${name}.html`);
  if (!pages.has(name))
    pages.set(name, /^[a-z]+$/.test(name) && fs.existsSync(file) ? parseMarkup(fs.readFileSync(file, "utf8")) : null);
  return pages.get(name);
};
const build = await import(new URL("./build/server/index.js", import.meta.url).href);
http.createServer(createRequestListener({ build })).listen(Number(process.env.PORT), "127.0.0.1");
