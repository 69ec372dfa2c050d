import net from "node:net";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";
import { isDatabaseUnavailable } from "./availability";
import { openDatabase, type DB } from "./db.server";
import { openPostgres } from "./postgres.server";

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the query should have failed"),
    (error: unknown) => error,
  );

describe("isDatabaseUnavailable", () => {
  let unreachable: DB | undefined;
  afterEach(async () => {
    await unreachable?.destroy();
    unreachable = undefined;
  });

  it("says so when PostgreSQL cannot be reached", async () => {
    unreachable = openDatabase(`postgres://nobody@127.0.0.1:${await closedPort()}/nothing`);
    const error = await rejection(sql`select 1`.execute(unreachable));
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("says so, within the pool's connect timeout, when the database host takes the connection and never answers", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      unreachable = openPostgres(
        `postgres://nobody@127.0.0.1:${(silent.address() as net.AddressInfo).port}/nothing`,
        1,
        300,
      );
      const started = performance.now();
      const error = await rejection(sql`select 1`.execute(unreachable));
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("does not for a wrong query or a broken rule, on the suite's database", async () => {
    const db = await createTestDb();
    expect(isDatabaseUnavailable(await rejection(sql`select * from no_such_table`.execute(db)))).toBe(false);
    await sql`insert into rate_limits (key, window_start, count) values ('same', 1, 1)`.execute(db);
    expect(
      isDatabaseUnavailable(
        await rejection(sql`insert into rate_limits (key, window_start, count) values ('same', 1, 2)`.execute(db)),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("knows PostgreSQL's shutdown and connection codes, and looks through causes", () => {
    for (const code of ["57P01", "57P03", "08006", "53300", "SQLITE_BUSY"])
      expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code }))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("wrapped", { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "23505" }))).toBe(false);
  });
});
