import { PNG } from "pngjs";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { findFile } from "~/modules/files/queries.server";
import { fileStore } from "~/platform/storage/file-store.server";
import { TEMPLATE_IMAGE_MAX_SIDE } from "~/modules/issuing/stamp.server";
import { sixteenBitPng } from "~/test/bombs";
import { createSeededTestDb, demoClerkActor, onPostgres } from "~/test/db";
import { draftDocument } from "./draft.server";
import { findTemplate } from "./queries.server";
import { type TemplateSubject } from "./render.server";
import { saveTemplate } from "./service.server";

let db: DB;
let category: { id: number; client_id: number };
let clerk: { userId: number; role: "CLERK"; ip: null };

beforeEach(async () => {
  db = await createSeededTestDb();
  category = await db
    .selectFrom("document_categories")
    .select(["id", "client_id"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  clerk = await demoClerkActor(db);
});

const FORM = {
  pageSize: "A4",
  orientation: "PORTRAIT",
  title: { english: "Certificate", arabic: "شهادة" },
  body: { english: "For {{beneficiary.name.en}}.", arabic: "لـ {{beneficiary.name.ar}}." },
} as const;

const SUBJECT: TemplateSubject = {
  first_name_en: "Ali",
  father_name_en: null,
  last_name_en: null,
  first_name_ar: "علي",
  father_name_ar: null,
  last_name_ar: null,
  nin: null,
  category_en: "Certificate",
  category_ar: "شهادة",
  fields: {},
} as TemplateSubject;

describe("a template's images", () => {
  // Image work, the same on either database: the SQLite pass is enough.
  it.skipIf(onPostgres)(
    "are stored normalised: a 16-bit 3000x3000 PNG logo becomes 8-bit, 1000 a side, and a draft with it is quick",
    async () => {
      const logo = { fieldName: "logo", name: "scan.png", bytes: sixteenBitPng(3000, 3000) };
      expect(await saveTemplate(db, clerk, category, FORM as never, { logo: logo as never })).toEqual({ ok: true });
      const template = (await findTemplate(db, category.id))!;
      const stored = (await findFile(db, template.logo_file_id!))!;
      const png = PNG.sync.read(Buffer.from(await fileStore().get(stored.storage_key)));
      expect([png.width, png.height]).toEqual([TEMPLATE_IMAGE_MAX_SIDE, TEMPLATE_IMAGE_MAX_SIDE]);
      expect((png as unknown as { depth: number }).depth).toBe(8);
      const started = performance.now();
      await draftDocument(db, clerk, template, SUBJECT, "2030-01-01");
      expect(performance.now() - started).toBeLessThan(2000);
    },
    60_000,
  );

  it("drafts: the same one again comes from memory, and a person draws at most 20 a minute", async () => {
    expect(await saveTemplate(db, clerk, category, FORM as never, {})).toEqual({ ok: true });
    const template = (await findTemplate(db, category.id))!;
    const first = await draftDocument(db, clerk, template, SUBJECT, "2030-01-01");
    expect(await draftDocument(db, clerk, template, SUBJECT, "2030-01-01")).toBe(first);
    for (let i = 2; i < 20; i++) await draftDocument(db, clerk, template, SUBJECT, "2030-01-01");
    await expect(draftDocument(db, clerk, template, SUBJECT, "2030-01-01")).rejects.toMatchObject({
      init: { status: 429 },
    });
  });
});

describe("a template's images against the storage quota", () => {
  it("count against their uploader's quota; replacing one's own image counts only what it adds", async () => {
    const png = () => ({ fieldName: "logo", name: "logo.png", bytes: sixteenBitPng(40, 40) });
    expect(await saveTemplate(db, clerk, category, FORM as never, { logo: png() as never })).toEqual({ ok: true });
    const first = (await findTemplate(db, category.id))!.logo_file_id!;
    const used = Number((await findFile(db, first))!.size);
    // The quota is now what this clerk has stored: another image would pass it, a replacement would not.
    const stored = await db
      .selectFrom("files")
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .where("created_by", "=", clerk.userId)
      .executeTakeFirstOrThrow();
    process.env.STORAGE_QUOTA_MB = String(Number(stored.bytes) / 1024 / 1024);
    try {
      expect(await saveTemplate(db, clerk, category, FORM as never, { logo: png() as never })).toEqual({ ok: true });
      const second = (await findTemplate(db, category.id))!.logo_file_id!;
      expect(second).not.toBe(first);
      // The replaced image is gone at once, row and bytes.
      expect(await findFile(db, first)).toBeUndefined();
      await expect(
        saveTemplate(db, clerk, category, FORM as never, {
          signature: { fieldName: "signature", name: "s.png", bytes: sixteenBitPng(40, 40) } as never,
        }),
      ).rejects.toMatchObject({ init: { status: 413 } });
      expect(used).toBeGreaterThan(0);
    } finally {
      delete process.env.STORAGE_QUOTA_MB;
    }
  });
});
