import { storedPath } from "~/test/files";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/users/password.server";
import { createTestDb } from "~/test/db";
import { DEMO_PASSWORD, seedDemoData } from "./seed.server";
import { placeholderProblems } from "~/modules/templates/placeholders";

describe("demo data", () => {
  it("seeds the accounts, clients, catalogue, requests and issued documents of the demo", async () => {
    const db = await createTestDb();
    await seedDemoData(db);

    const users = await db.selectFrom("users").select(["email", "role", "password_hash"]).execute();
    const byEmail = Object.fromEntries(users.map((user) => [user.email, user]));
    expect(byEmail["superadmin@example.com"].role).toBe("SUPER_ADMIN");
    expect(byEmail["serviceadmin@example.com"].role).toBe("SERVICE_ADMIN");
    expect(byEmail["clientadmin@example.com"].role).toBe("CLIENT_ADMIN");
    expect(byEmail["clerk@example.com"].role).toBe("CLERK");
    expect(byEmail["clerk2@example.com"].role).toBe("CLERK");
    expect(users.filter((user) => user.role === "BENEFICIARY").length).toBeGreaterThanOrEqual(3);
    expect(await verifyPassword(byEmail["beneficiary@example.com"].password_hash, DEMO_PASSWORD)).toBe(true);
    // The README's table of demo accounts is the seed's, account for account.
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(
      readme.indexOf("## Demo accounts"),
      readme.indexOf("\n## ", readme.indexOf("## Demo accounts") + 3),
    );
    const listed = [...table.matchAll(/`([a-z0-9]+@example\.com)`/g)].map((match) => match[1]).sort();
    expect(listed).toEqual(users.map((user) => user.email).sort());
    expect(byEmail["beneficiary@example.com"].password_hash).toMatch(/^\$argon2id\$/);

    const clients = await db.selectFrom("clients").selectAll().execute();
    expect(clients.length).toBeGreaterThanOrEqual(3);
    expect(new Set(clients.map((client) => client.client_category_id)).size).toBeGreaterThanOrEqual(2);
    const demoUniversity = clients.find((client) => client.name_en === "Demo University")!;
    expect(demoUniversity.can_do_sincera).toBe(1);
    expect(demoUniversity.can_do_attestation).toBe(1);

    const clerkClient = await db
      .selectFrom("clerks")
      .innerJoin("users", "users.id", "clerks.user_id")
      .innerJoin("clients", "clients.id", "clerks.client_id")
      .select(["users.email", "clients.name_en", "clients.can_do_sincera"])
      .execute();
    expect(clerkClient.find((row) => row.email === "clerk@example.com")?.name_en).toBe("Demo University");
    expect(clerkClient.find((row) => row.email === "clerk2@example.com")?.can_do_sincera).toBe(0);

    // One category has a document template, whose placeholders are all known: the demo issues from it.
    const templates = await db
      .selectFrom("document_templates")
      .innerJoin("document_categories", "document_categories.id", "document_templates.category_id")
      .select(["document_categories.name_en", "document_templates.body_en", "document_templates.body_ar"])
      .execute();
    expect(templates.map((template) => template.name_en)).toEqual(["Academic transcript"]);
    const fieldNames = (await db.selectFrom("document_required_fields").select("field_name").execute()).map(
      (field) => field.field_name,
    );
    for (const template of templates)
      for (const body of [template.body_en, template.body_ar])
        expect(placeholderProblems(body, fieldNames)).toEqual({ unknown: [], broken: false });

    for (const client of clients) {
      const categories = await db
        .selectFrom("document_categories")
        .selectAll()
        .where("client_id", "=", client.id)
        .execute();
      expect(categories.length).toBeGreaterThanOrEqual(2);
      for (const category of categories) {
        const fields = await db
          .selectFrom("document_required_fields")
          .selectAll()
          .where("document_category_id", "=", category.id)
          .execute();
        expect(fields.length).toBeGreaterThanOrEqual(2);
        expect(fields.length).toBeLessThanOrEqual(4);
        expect(new Set(fields.map((field) => field.field_type)).size).toBeGreaterThanOrEqual(2);
        const types = await db
          .selectFrom("supporting_document_types")
          .selectAll()
          .where("document_category_id", "=", category.id)
          .execute();
        expect(types.length).toBeGreaterThanOrEqual(1);
        expect(types.length).toBeLessThanOrEqual(2);
        expect(types.some((type) => type.is_required === 1)).toBe(true);
      }
    }

    const requests = await db.selectFrom("document_requests").selectAll().execute();
    expect(requests.length).toBeGreaterThanOrEqual(30);
    expect(new Set(requests.map((request) => request.status))).toEqual(
      new Set(["PENDING", "APPROVED", "REJECTED", "COMPLETED"]),
    );
    expect(new Set(requests.map((request) => request.beneficiary_id)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(requests.map((request) => request.client_id)).size).toBeGreaterThanOrEqual(3);
    const demoStatuses = requests
      .filter((request) => request.client_id === demoUniversity.id)
      .map((request) => request.status);
    expect(demoStatuses).toEqual(expect.arrayContaining(["PENDING", "APPROVED"]));

    const values = await db.selectFrom("request_field_values").select("request_id").distinct().execute();
    expect(values.length).toBe(requests.length);
    const attachments = await db
      .selectFrom("attachments")
      .innerJoin("files", "files.id", "attachments.file_id")
      .select(["files.storage_key", "files.mime_type", "files.size"])
      .execute();
    expect(attachments.length).toBeGreaterThanOrEqual(requests.length);
    expect(new Set(attachments.map((file) => file.mime_type))).toEqual(new Set(["application/pdf", "image/png"]));
    for (const file of attachments.slice(0, 5)) expect(fs.statSync(storedPath(file.storage_key)).size).toBe(file.size);

    const issued = await db.selectFrom("issued_documents").selectAll().execute();
    const now = new Date().toISOString();
    expect(issued.some((doc) => doc.status === "VALID" && doc.expiry_date > now)).toBe(true);
    expect(issued.some((doc) => doc.status === "VALID" && doc.expiry_date < now)).toBe(true);
    expect(issued.some((doc) => doc.status === "REVOKED" && doc.revocation_reason_en && doc.revocation_reason_ar)).toBe(
      true,
    );
    for (const doc of issued) expect(doc.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });
});
