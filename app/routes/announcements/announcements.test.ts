import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { paragraphsOf, slugify } from "~/modules/announcements/schema";
import type { SessionUser } from "~/modules/auth/session-user";
import { i18nFor } from "~/platform/i18n/instances.server";
import { createSeededTestDb, sessionUserOf } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs, openAs, withUrl } from "~/test/route";
import * as publicPage from "../public/announcement";
import * as feed from "../public/announcements-feed";
import * as organisationList from "../public/organisation-announcements";
import * as detail from "./announcement";
import * as form from "./announcement-form";
import * as list from "./announcements";
import * as listExport from "./announcements-export";

let db: DB;
const users: Record<string, SessionUser> = {};
const EMAILS = [
  "clerk@example.com",
  "clerk2@example.com",
  "superadmin@example.com",
  "clientadmin@example.com",
  "beneficiary@example.com",
] as const;

beforeEach(async () => {
  db = await createSeededTestDb();
  for (const email of EMAILS) users[email] = await sessionUserOf(db, email);
});

const as = (email: (typeof EMAILS)[number], language?: "ar" | "en") =>
  makeContext({ user: users[email], ...(language ? { language } : {}) });
const anonymous = (language: "ar" | "en") => makeContext({ language });
const FIELDS = {
  "title.english": "Library closed on Friday",
  "title.arabic": "المكتبة مغلقة يوم الجمعة",
  "body.english": "The library is closed on Friday.\n\nSee <b>https://example.org/library</b> for the hours.",
  "body.arabic": "المكتبة مغلقة يوم الجمعة.",
};
const named = (title: string) =>
  db.selectFrom("public_announcements").selectAll().where("title_en", "=", title).executeTakeFirstOrThrow();
const auditOf = async (id: number) =>
  (
    await db
      .selectFrom("audit_events")
      .select("action")
      .where("entity_type", "=", "PUBLIC_ANNOUNCEMENTS")
      .where("entity_id", "=", id)
      .orderBy("id")
      .execute()
  ).map((row) => row.action);
/** A one-button post (publish, unpublish, delete) on announcement `id`'s page in `area`; its status. */
const postIntent = async (id: number, intent: string, context: ReturnType<typeof makeContext>, area = "clerks") =>
  statusOf(detail.action, postForm(`/${area}/public-announcements/${id}`, { intent }), context, { id: String(id) });
const count = async () => (await db.selectFrom("public_announcements").select("id").execute()).length;

describe("writing announcements", () => {
  it("says what is missing in English and Arabic and writes nothing", async () => {
    const before = await count();
    const result = await postAs(as("clerk@example.com"), form.action, "/clerks/public-announcements/create", {
      "title.english": " ",
      slug: "Not A Slug!",
    });
    expect(result.status).toBe(400);
    expect((result.data as { error: Record<string, string[]> }).error).toEqual({
      "title.english": ["announcements.titleEnglishRequired"],
      "title.arabic": ["announcements.titleArabicRequired"],
      "body.english": ["announcements.bodyEnglishRequired"],
      "body.arabic": ["announcements.bodyArabicRequired"],
      slug: ["announcements.slugInvalid"],
    });
    expect([
      i18nFor("en").t("announcements.titleArabicRequired"),
      i18nFor("ar").t("announcements.titleArabicRequired"),
    ]).toEqual(["Arabic title is required", "العنوان بالعربية مطلوب"]);
    expect(await count()).toBe(before);
  });

  it("saves a draft with a slug from the English title, unique; publishes, unpublishes and deletes it, each audited", async () => {
    const clerk = as("clerk@example.com");
    const created = await postAs(clerk, form.action, "/clerks/public-announcements/create", {
      ...FIELDS,
      intent: "draft",
    });
    expect(created.status).toBe(302);
    const draft = await named("Library closed on Friday");
    expect(created.headers.get("Location")).toBe(`/clerks/public-announcements/${draft.id}`);
    expect(draft).toMatchObject({
      slug: "library-closed-on-friday",
      status: "DRAFT",
      published_at: null,
      author_id: users["clerk@example.com"].id,
    });
    // The same title again gets the next free slug; a slug typed by the clerk must be free.
    await postAs(clerk, form.action, "/clerks/public-announcements/create", {
      ...FIELDS,
      "title.english": "Library closed on Friday!",
      intent: "draft",
    });
    expect((await named("Library closed on Friday!")).slug).toBe("library-closed-on-friday-2");
    const taken = await postAs(
      clerk,
      form.action,
      `/clerks/public-announcements/edit/${draft.id}`,
      {
        ...FIELDS,
        slug: "new-opening-hours-of-the-registry",
      },
      { id: String(draft.id) },
    );
    expect((taken.data as { error: Record<string, string[]> }).error).toEqual({ slug: ["announcements.slugTaken"] });

    // A draft is not public.
    expect(
      await statusOf(
        publicPage.loader,
        new Request("http://localhost/public-announcements/library-closed-on-friday"),
        anonymous("en"),
        { slug: "library-closed-on-friday" },
      ),
    ).toBe(404);
    const path = `/clerks/public-announcements/${draft.id}`;
    expect(await postIntent(draft.id, "publish", clerk)).toBe(302);
    expect((await named("Library closed on Friday")).status).toBe("PUBLISHED");
    // A published announcement is not deleted: it is unpublished first.
    await postIntent(draft.id, "delete", clerk);
    expect(await named("Library closed on Friday")).toBeDefined();
    await postIntent(draft.id, "unpublish", clerk);
    expect((await named("Library closed on Friday")).status).toBe("DRAFT");
    expect(
      (await postAs(clerk, detail.action, path, { intent: "delete" }, { id: String(draft.id) })).headers.get(
        "Location",
      ),
    ).toBe("/clerks/public-announcements");
    expect(await db.selectFrom("public_announcements").select("id").where("id", "=", draft.id).execute()).toEqual([]);
    expect(await auditOf(draft.id)).toEqual([
      "announcement.create",
      "announcement.publish",
      "announcement.unpublish",
      "announcement.delete",
    ]);
  });

  it("edits and publishes from the form in one step", async () => {
    const draft = await named("Graduation ceremony 2027");
    const result = await postAs(
      as("clerk@example.com"),
      form.action,
      `/clerks/public-announcements/edit/${draft.id}`,
      {
        ...FIELDS,
        "title.english": "Graduation ceremony on 1 July 2027",
        slug: "",
        intent: "publish",
      },
      { id: String(draft.id) },
    );
    expect(result.status).toBe(302);
    expect(await named("Graduation ceremony on 1 July 2027")).toMatchObject({
      status: "PUBLISHED",
      slug: "graduation-ceremony-on-1-july-2027",
    });
    expect(await auditOf(draft.id)).toEqual(["announcement.create", "announcement.update", "announcement.publish"]);
  });
});

describe("who may write", () => {
  it("a clerk of a client without can_do_sincera, a client admin and a beneficiary get 403; another client's announcement is 404", async () => {
    const published = await named("New opening hours of the registry");
    const ministryClerk = as("clerk2@example.com"); // the Ministry of Labour: no announcements
    expect(
      await statusOf(list.loader, new Request("http://localhost/clerks/public-announcements"), ministryClerk),
    ).toBe(403);
    expect(
      await statusOf(form.action, postForm("/clerks/public-announcements/create", { ...FIELDS }), ministryClerk),
    ).toBe(403);
    expect(
      await statusOf(
        list.loader,
        new Request("http://localhost/clerks/public-announcements"),
        as("clientadmin@example.com"),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        list.loader,
        new Request("http://localhost/clerks/public-announcements"),
        as("beneficiary@example.com"),
      ),
    ).toBe(403);
    const otherClient = makeContext({
      user: { ...users["clerk2@example.com"], client: { ...users["clerk2@example.com"].client!, canDoSincera: true } },
    });
    expect(
      await statusOf(
        detail.loader,
        new Request(`http://localhost/clerks/public-announcements/${published.id}`),
        otherClient,
        { id: String(published.id) },
      ),
    ).toBe(404);
    expect(await postIntent(published.id, "unpublish", otherClient)).toBe(404);
    expect((await named("New opening hours of the registry")).status).toBe("PUBLISHED");
  });

  it("the super admin sees every client's and may unpublish any, but not publish or delete", async () => {
    const published = await named("New opening hours of the registry");
    const draft = await named("Graduation ceremony 2027");
    const superAdmin = makeContext({ user: users["superadmin@example.com"] });
    const all = await openAs(superAdmin, list.loader, "/super-admin/public-announcements");
    expect((all.data as { total: number }).total).toBe(2);
    expect(await postIntent(draft.id, "publish", superAdmin, "super-admin")).toBe(403);
    expect(await postIntent(draft.id, "delete", superAdmin, "super-admin")).toBe(403);
    expect(await postIntent(published.id, "unpublish", superAdmin, "super-admin")).toBe(302);
    expect((await named("New opening hours of the registry")).status).toBe("DRAFT");
    expect(
      await db
        .selectFrom("audit_events")
        .select(["action", "actor_role"])
        .where("entity_type", "=", "PUBLIC_ANNOUNCEMENTS")
        .where("entity_id", "=", published.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    ).toEqual({ action: "announcement.unpublish", actor_role: "SUPER_ADMIN" });
  });
});

describe("announcements as CSV", () => {
  it("export the client's list with its status filter: a BOM, the header and titles in the user's language", async () => {
    const response = (await listExport.loader({
      ...withUrl(new Request("http://localhost/clerks/public-announcements/export?status=PUBLISHED&format=csv")),
      context: as("clerk@example.com", "ar"),
      params: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="announcements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    const { t } = i18nFor("ar");
    expect(lines[0]).toBe(
      ["number", "title", "slug", "client", "status", "createdAt", "publishedAt", "updatedAt"]
        .map((column) => t(`announcements.csv.${column}`))
        .join(","),
    );
    expect(lines).toHaveLength(2);
    const [, title, slug, client, status, , publishedAt] = lines[1].split(",");
    expect([title, slug, client, status]).toEqual([
      "ساعات العمل الجديدة لقسم التسجيل",
      "new-opening-hours-of-the-registry",
      "الجامعة التجريبية",
      t("status.PUBLISHED"),
    ]);
    expect(publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("the ministry's clerk (no announcements) gets 403, not a file", async () => {
    expect(
      await statusOf(
        listExport.loader,
        new Request("http://localhost/clerks/public-announcements/export?format=csv"),
        as("clerk2@example.com"),
      ),
    ).toBe(403);
  });
});

describe("the public pages", () => {
  const slug = "new-opening-hours-of-the-registry";
  const page = (language: "ar" | "en") =>
    openAs(anonymous(language), publicPage.loader, `/public-announcements/${slug}`, { slug });

  it("show a published announcement in the reader's language, with the other language a link away, no script and meta tags", async () => {
    const arabic = await page("ar");
    expect(arabic.status).toBe(200);
    expect(arabic.text).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain("<h1>ساعات العمل الجديدة لقسم التسجيل</h1>");
    expect(arabic.text).toContain("الجامعة التجريبية");
    expect(arabic.text).toContain('<meta name="description" content="اعتبارًا من 1 كانون الأول');
    expect(arabic.text).toContain(`href="/public-announcements/${slug}?lng=en"`);
    expect(arabic.text).not.toContain("<script");
    const english = await page("en");
    expect(english.text).toContain("<title>New opening hours of the registry · Documents &amp; Attestations</title>");
    expect(english.text).toContain(
      '<a href="https://example.org/registry" rel="nofollow ugc noopener" dir="ltr">https://example.org/registry</a>',
    );
    expect(english.text).toMatch(/<p[^>]*>From 1 December/);
    expect(Buffer.byteLength(english.text!)).toBeLessThan(14 * 1024);
  });

  it("show HTML as text, and answer 404 for drafts, unpublished announcements and clients without can_do_sincera", async () => {
    const clerk = as("clerk@example.com");
    await postAs(clerk, form.action, "/clerks/public-announcements/create", { ...FIELDS, intent: "publish" });
    const shown = await openAs(anonymous("en"), publicPage.loader, "/public-announcements/library-closed-on-friday", {
      slug: "library-closed-on-friday",
    });
    expect(shown.text).toContain("See &lt;b&gt;");
    expect(shown.text).not.toContain("<b>");
    const draft = await named("Graduation ceremony 2027");
    expect(
      await statusOf(
        publicPage.loader,
        new Request(`http://localhost/public-announcements/${draft.slug}`),
        anonymous("en"),
        { slug: draft.slug },
      ),
    ).toBe(404);
    await db.updateTable("clients").set({ can_do_sincera: 0 }).where("name_en", "=", "Demo University").execute();
    const gone = await page("en");
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("This announcement does not exist or is no longer public.");
    const client = await db
      .selectFrom("clients")
      .select("id")
      .where("name_en", "=", "Demo University")
      .executeTakeFirstOrThrow();
    expect(
      await statusOf(
        feed.loader,
        new Request(`http://localhost/organisations/${client.id}/announcements.atom`),
        anonymous("en"),
        { clientId: String(client.id) },
      ),
    ).toBe(404);
  });

  it("list an organisation's published announcements newest first, with a valid Atom feed of them", async () => {
    const clerk = as("clerk@example.com");
    await postAs(clerk, form.action, "/clerks/public-announcements/create", { ...FIELDS, intent: "publish" });
    const client = await db
      .selectFrom("clients")
      .select("id")
      .where("name_en", "=", "Demo University")
      .executeTakeFirstOrThrow();
    const params = { clientId: String(client.id) };
    const listed = await run(
      organisationList.loader,
      new Request(`http://localhost/organisations/${client.id}/announcements`),
      anonymous("en"),
      params,
    );
    expect(listed.text!.indexOf("Library closed on Friday")).toBeLessThan(
      listed.text!.indexOf("New opening hours of the registry"),
    );
    expect(listed.text).not.toContain("Graduation ceremony 2027");
    expect(listed.text).toContain(`href="/organisations/${client.id}/announcements.atom?lng=en"`);
    // Feed readers and browsers find the feed from the page (autodiscovery), in the page's language.
    expect(listed.text).toContain(
      `<link rel="alternate" type="application/atom+xml" href="/organisations/${client.id}/announcements.atom?lng=en" title="Announcements of Demo University (Atom feed)"/>`,
    );
    const announcementPage = await openAs(
      anonymous("ar"),
      publicPage.loader,
      "/public-announcements/library-closed-on-friday",
      { slug: "library-closed-on-friday" },
    );
    expect(announcementPage.text).toContain(
      `<link rel="alternate" type="application/atom+xml" href="/organisations/${client.id}/announcements.atom?lng=ar"`,
    );

    const response = (await feed.loader({
      ...withUrl(new Request(`http://localhost/organisations/${client.id}/announcements.atom`)),
      context: anonymous("en"),
      params,
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" }).parse(xml) as {
      feed: {
        "@_xmlns": string;
        title: string;
        entry: { title: string; link: { "@_href": string }; updated: string; summary: string }[];
      };
    };
    expect(parsed.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(parsed.feed.title).toBe("Announcements of Demo University");
    expect(parsed.feed.entry.map((entry) => entry.title)).toEqual([
      "Library closed on Friday",
      "New opening hours of the registry",
    ]);
    expect(parsed.feed.entry[0].link["@_href"]).toMatch(/\/public-announcements\/library-closed-on-friday\?lng=en$/);
    // The Arabic feed is another feed: its own id and self link.
    const arabic = await (
      await (feed.loader({
        ...withUrl(new Request(`http://localhost/organisations/${client.id}/announcements.atom?lng=ar`)),
        context: anonymous("ar"),
        params,
      } as never) as Promise<Response>)
    ).text();
    const idOf = (feedXml: string) => /<feed[^>]*>\s*<id>([^<]+)<\/id>/.exec(feedXml)![1];
    const selfOf = (feedXml: string) => /<link rel="self"[^>]*href="([^"]+)"/.exec(feedXml)![1];
    expect(idOf(arabic)).not.toBe(idOf(xml));
    expect(selfOf(arabic)).toMatch(/announcements\.atom\?lng=ar$/);
    expect(selfOf(xml)).toMatch(/announcements\.atom\?lng=en$/);
    expect(parsed.feed.entry[0].summary).toContain("See <b>https://example.org/library</b>");
    expect(Number.isNaN(Date.parse(parsed.feed.entry[0].updated))).toBe(false);
  });
});

describe("plain text", () => {
  it("keeps paragraphs, makes web addresses links without their final punctuation, and slugs titles", () => {
    expect(paragraphsOf("One\nline two\n\n\nSee https://a.example/x. Done")).toEqual([
      [{ text: "One\nline two" }],
      [{ text: "See " }, { href: "https://a.example/x" }, { text: ". Done" }],
    ]);
    expect(slugify("Café & Library: Opening hours 2027!")).toBe("cafe-library-opening-hours-2027");
    expect(slugify("حفل التخرج")).toBe("announcement");
  });
});
