import { createRequestHandler } from "@react-router/express";
import { createReadableStreamFromReadable } from "@react-router/node";
import * as build from "virtual:react-router/server-build";
import express from "express";
import { RouterContextProvider } from "react-router";
import { closeDb, getDb, migrateToLatest, pingDatabase } from "~/db/db.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from "~/db/seed/seed.server";
import { findUserByEmail } from "~/modules/users/queries.server";
import { flushVerificationEvents } from "~/modules/verification/events.server";
import { verificationResponse } from "~/routes/verify/page.server";
import { demoVerificationSamples } from "~/modules/verification/samples.server";
import { clientIpContext, cspNonceContext } from "~/middleware/context";
import { env } from "~/utils/env.server";
import { securityHeaders, securityHeaderValues } from "./security-headers";

export { securityHeaders, securityHeaderValues };

/** The React Router app as an Express handler, with the per-request context it needs. */
export const app = express.Router();

// The verification pages are the busiest and carry no script: served without React Router's
// document pipeline (DESIGN 11), by the same function the route modules use in development.
app.all(/^\/verify(?:\/[^/]+)?\/?$/, async (req, res, next) => {
  try {
    await sendResponse(res, await verificationResponse(toRequest(req), req.ip ?? req.socket.remoteAddress ?? ""));
  } catch (error) {
    next(error);
  }
});

app.use(
  createRequestHandler({
    // The build object itself, not a function: a function is re-derived on every request (meant for HMR).
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "");
      context.set(cspNonceContext, (res.locals.cspNonce as string | undefined) ?? "");
      return context;
    },
  }),
);

function toRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`), init);
}

async function sendResponse(res: express.Response, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** `/healthz` for the production server's fast path: the database answers. */
export async function healthy(): Promise<boolean> {
  try {
    await pingDatabase(getDb());
    return true;
  } catch {
    return false;
  }
}

/** Applies pending migrations and, into an empty database, the demo data. */
export async function startup(): Promise<{ seeded: boolean }> {
  const db = getDb();
  await migrateToLatest(db);
  if (env.demoData && (await isDatabaseEmpty(db))) {
    await seedDemoData(db);
    return { seeded: true };
  }
  return { seeded: false };
}

export async function shutdown() {
  await flushVerificationEvents();
  await closeDb();
}

/** Printed at start-up so a newcomer can sign in at once. */
export async function printDemoAccounts() {
  if (!(await findUserByEmail(getDb(), DEMO_ACCOUNTS[0].email))) return;
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.email.padEnd(28)} ${account.role.padEnd(14)} ${account.note}`);
  }
  const samples = await demoVerificationSamples(getDb());
  if (samples.length) {
    console.log("Try the public verification page:");
    for (const sample of samples) console.log(`  ${env.publicUrl}/verify/${sample.code}  ${sample.label}`);
  }
  console.log("");
}
