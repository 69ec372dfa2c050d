// R1: the fixture's production build behind node:http, as `react-router-serve` would run it without Express.
import http from "node:http";
import { createRequestListener } from "@react-router/node";

const build = await import(new URL("./build/server/index.js", import.meta.url).href);
http.createServer(createRequestListener({ build })).listen(Number(process.env.PORT), "127.0.0.1");
