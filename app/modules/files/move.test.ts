import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededTestDb } from "~/test/db";
import { storedPath } from "~/test/files";
import { configuredStoreUrl, movingStore, storeAt } from "~/platform/storage/file-store.server";
import { s3Store } from "~/platform/storage/s3-store";
import { moveFiles } from "./move.server";
import { sha256Hex } from "./storage.server";

/**
 * A deployment's files moved from its folder to an S3-compatible bucket (s3rver on 127.0.0.1), on the database the
 * suite runs on (SQLite, and PostgreSQL in its pass): every file copied and checked, a second run copying nothing,
 * an interrupted one resumed, and reads and writes meanwhile through the moving store.
 */
const PORT = 4441 + Number(process.env.VITEST_POOL_ID ?? 0);
const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "attest-s3-"));
let s3: S3rver;
const env = {
  AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${PORT}`,
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
  AWS_REGION: "us-east-1",
};

beforeAll(async () => {
  s3 = new S3rver({
    port: PORT,
    address: "127.0.0.1",
    directory: s3Directory,
    silent: true,
    configureBuckets: [{ name: "moved" }],
  });
  await s3.run();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

describe("npm run storage:migrate", () => {
  it("copies every file once, checked, resumes after an interruption, and reports bytes that do not match", async () => {
    const db = await createSeededTestDb();
    const rows = await db.selectFrom("files").select(["storage_key", "sha256"]).execute();
    expect(rows.length).toBeGreaterThan(5);
    const from = storeAt(configuredStoreUrl());
    const to = s3Store("s3://moved/deployment-one/", { env });

    expect(await moveFiles(db, from, to)).toEqual({ copied: rows.length, present: 0, problems: [] });
    for (const row of rows.slice(0, 3)) expect(sha256Hex(await to.get(row.storage_key))).toBe(row.sha256);
    expect(await moveFiles(db, from, to)).toEqual({ copied: 0, present: rows.length, problems: [] });

    // Interrupted: two copies never made it. The next run copies those two and nothing else.
    await to.remove(rows[0].storage_key);
    await to.remove(rows[1].storage_key);
    expect(await moveFiles(db, from, to)).toMatchObject({ copied: 2, present: rows.length - 2 });

    // Bytes changed on the old disk are not copied, and said.
    const target = s3Store("s3://moved/deployment-two/", { env });
    fs.writeFileSync(storedPath(rows[2].storage_key), "changed");
    const report = await moveFiles(db, from, target);
    expect(report.problems).toEqual([{ storageKey: rows[2].storage_key, problem: "checksum" }]);
    expect(report.copied).toBe(rows.length - 1);
  });

  it("while the move runs, new files go to both stores and reads fall back to the old one", async () => {
    const from = storeAt(configuredStoreUrl());
    const to = s3Store("s3://moved/deployment-three/", { env });
    const moving = movingStore(from, to);
    await from.put("00oldonly0000000000000000000000", new Uint8Array([1, 2, 3]));
    expect([...(await moving.get("00oldonly0000000000000000000000"))]).toEqual([1, 2, 3]);
    await moving.put("11newfile0000000000000000000000", new Uint8Array([4, 5]));
    expect([...(await from.get("11newfile0000000000000000000000"))]).toEqual([4, 5]);
    expect([...(await to.get("11newfile0000000000000000000000"))]).toEqual([4, 5]);
  });
});
