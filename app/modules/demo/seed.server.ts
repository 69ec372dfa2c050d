import { saveTemplateRow } from "~/modules/templates/queries.server";
import { CLIENT_ADMIN_PERMISSIONS } from "~/modules/access/capabilities";
import {
  approveAttestation,
  cancelAttestation,
  createAttestation,
  rejectAttestation,
} from "~/modules/attestations/service.server";
import { findAttestation } from "~/modules/attestations/queries.server";
import { saveAnnouncement } from "~/modules/announcements/service.server";
import { findAnnouncement } from "~/modules/announcements/queries.server";
import { announcementSchema } from "~/modules/announcements/schema";
import { SYSTEM, type AuditActor } from "~/modules/audit/service.server";
import { registerSchema } from "~/modules/auth/schema";
import { registerBeneficiary } from "~/modules/auth/service.server";
import { categorySchema, fromMinorUnits, requiredFieldSchema, supportingTypeSchema } from "~/modules/catalogue/schema";
import { createCategory, saveRequiredField, saveSupportingType } from "~/modules/catalogue/service.server";
import { attachmentsOf } from "~/modules/files/queries.server";
import { issueDocument, revokeIssuedDocument } from "~/modules/issuing/service.server";
import { clientCategorySchema, clientSchema } from "~/modules/organisations/schema";
import { createClientCategory, saveClient } from "~/modules/organisations/service.server";
import { adminSchema, clerkSchema, clientAdminSchema } from "~/modules/people/schema";
import { createPerson } from "~/modules/people/service.server";
import { changeRequestStatus, createRequest, reviewAttachment } from "~/modules/requests/service.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { savePolicy } from "~/modules/two-factor/service.server";
import { createSuperAdmin } from "~/modules/users/service.server";
import { asOf } from "~/platform/db/clock.server";
import type { DB } from "~/platform/db/db.server";
import { ROLES, type RequestStatus } from "~/platform/db/schema";
import {
  CLIENT_SEEDS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_PNG,
  PEOPLE,
  daysFromNow,
  demoPdf,
  random,
  sampleValue,
  type CategorySeed,
} from "./demo-data";
import {
  backdateAnnouncement,
  backdateAttestation,
  backdateIssued,
  backdateRequest,
  forgetDeliveries,
  forgetLimits,
  isDatabaseEmpty,
} from "./history-queries.server";

export { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty };

/** A service's answer that must have succeeded: the demo data is valid by construction. */
function made<T extends { ok: boolean }>(outcome: T, what: string): Extract<T, { ok: true }> {
  if (!outcome.ok) throw new Error(`demo data: ${what} was refused (${(outcome as { error?: string }).error})`);
  return outcome as Extract<T, { ok: true }>;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The demo data (README, Demo accounts), made by the services a user's clicks call, so that it obeys the
 * rules and leaves the audit trail they leave (docs/architecture.md §4); then dated in the past it shows.
 * Run into an empty database only.
 */
export async function seedDemoData(db: DB): Promise<void> {
  // The organisations, people and catalogue were set up three months ago; the requests came after.
  await asOf(daysFromNow(-90), () => seedSetup(db));
}

async function seedSetup(db: DB) {
  // The demo accounts sign in with a password alone: two-factor sign-in is optional for every role here
  // (a real deployment requires it of the admins; the super admin changes it at /super-admin/two-factor-policy).
  await savePolicy(db, [], ROLES, SYSTEM);
  const rand = random(20261122);

  const clientCategoryIds: number[] = [];
  for (const [en, ar, fee, validity] of [
    ["Universities and institutes", "الجامعات والمعاهد", 1000, 365],
    ["Government bodies", "الجهات الحكومية", 2000, 90],
  ] as const) {
    const input = clientCategorySchema.parse({
      name: { english: en, arabic: ar },
      description: { english: en, arabic: ar },
      fee: fromMinorUnits(fee, "JOD"),
      currency: "JOD",
      validityPeriod: String(validity),
    });
    clientCategoryIds.push(await createClientCategory(db, input, SYSTEM));
  }

  const clientInput = (client: (typeof CLIENT_SEEDS)[number], clientAdminId?: number) =>
    clientSchema.parse({
      name: { english: client.en, arabic: client.ar },
      address: { english: client.address.en, arabic: client.address.ar },
      clientCategoryId: clientCategoryIds[client.category],
      clientAdminId,
      canDoSincera: client.sincera,
      canDoAttestation: client.attestation,
    });
  const clientIds: number[] = [];
  for (const client of CLIENT_SEEDS)
    clientIds.push(made(await saveClient(db, null, clientInput(client), SYSTEM), "a client").id);

  // The accounts, in the README's order (their ids are the ones the API's examples use).
  const userIds: Record<string, number> = {};
  const CLIENT_STAFF: Record<string, { client: number; jobTitle: string; canDoAttestation?: boolean }> = {
    "clientadmin@example.com": { client: 0, jobTitle: "Registrar", canDoAttestation: true },
    "clerk@example.com": { client: 0, jobTitle: "Records clerk" },
    "clerk2@example.com": { client: 1, jobTitle: "Case officer" },
    "clientadmin2@example.com": { client: 1, jobTitle: "Head of services", canDoAttestation: false },
  };
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const person = PEOPLE[account.email];
    const names = {
      firstName: { english: person.en[0], arabic: person.ar[0] },
      lastName: { english: person.en[2], arabic: person.ar[2] },
      email: account.email,
      phone: `0790${String(100000 + index * 7919).slice(0, 6)}`,
      nin: String(90000000000 + index * 1234567),
      password: DEMO_PASSWORD,
    };
    const staff = CLIENT_STAFF[account.email];
    if (account.role === "SUPER_ADMIN") {
      const [first, , last] = person.en;
      const [firstAr, , lastAr] = person.ar;
      userIds[account.email] = made(
        await createSuperAdmin(
          db,
          {
            email: account.email,
            password: DEMO_PASSWORD,
            firstName: first,
            lastName: last,
            firstNameAr: firstAr,
            lastNameAr: lastAr,
          },
          "seed",
        ),
        "the super admin",
      ).id;
    } else if (account.role === "BENEFICIARY") {
      const input = registerSchema.parse({
        ...names,
        fatherName: { english: person.en[1], arabic: person.ar[1] },
        confirmPassword: DEMO_PASSWORD,
      });
      userIds[account.email] = made(await registerBeneficiary(db, input, null, "ar"), "a beneficiary").userId;
    } else if (account.role === "CLIENT_ADMIN") {
      // Every permission chosen: the same as none stored (docs/architecture.md §15).
      const input = clientAdminSchema.parse({
        ...names,
        jobTitle: staff.jobTitle,
        canDoAttestation: staff.canDoAttestation,
        permissions: [...CLIENT_ADMIN_PERMISSIONS],
      });
      userIds[account.email] = made(await createPerson(db, "CLIENT_ADMIN", input, SYSTEM), "a client admin").id;
    } else if (account.role === "CLERK") {
      const input = clerkSchema.parse({ ...names, jobTitle: staff.jobTitle });
      userIds[account.email] = made(
        await createPerson(db, "CLERK", input, SYSTEM, clientIds[staff.client]),
        "a clerk",
      ).id;
    } else {
      userIds[account.email] = made(
        await createPerson(db, account.role, adminSchema.parse(names), SYSTEM),
        "an admin",
      ).id;
    }
  }
  for (const [email, staff] of Object.entries(CLIENT_STAFF)) {
    if (!email.startsWith("clientadmin")) continue;
    const client = CLIENT_SEEDS[staff.client];
    made(
      await saveClient(db, clientIds[staff.client], clientInput(client, userIds[email]), SYSTEM),
      "a client's admin",
    );
  }

  // The catalogue: each client's categories, their required fields and supporting document types.
  const categories: { id: number; clientId: number; seed: CategorySeed; supportingIds: number[] }[] = [];
  for (const [index, client] of CLIENT_SEEDS.entries()) {
    const clientId = clientIds[index];
    for (const category of client.categories) {
      const input = categorySchema.parse({
        name: { english: category.en, arabic: category.ar },
        description: { english: category.descEn, arabic: category.descAr },
        fee: fromMinorUnits(category.fee, category.currency),
        currency: category.currency,
        validityPeriod: String(category.validity),
      });
      const id = await createCategory(db, clientId, input, SYSTEM);
      const row = { id, client_id: clientId };
      for (const field of category.fields) {
        const fieldInput = requiredFieldSchema.parse({
          name: { english: field.en, arabic: field.ar },
          documentCategoryId: id,
          fieldName: field.key,
          fieldType: field.type,
          isRequired: field.required,
        });
        made(await saveRequiredField(db, row, fieldInput, SYSTEM), "a required field");
      }
      const supportingIds: number[] = [];
      for (const type of category.supporting) {
        const typeInput = supportingTypeSchema.parse({
          documentType: { english: type.en, arabic: type.ar },
          description: { english: `Upload: ${type.en}`, arabic: `ارفع: ${type.ar}` },
          documentCategoryId: id,
          isRequired: type.required,
        });
        supportingIds.push(await saveSupportingType(db, row, typeInput, SYSTEM));
      }
      if (category.template)
        await saveTemplateRow(db, {
          category_id: id,
          page_size: "A4",
          orientation: "PORTRAIT",
          logo_file_id: null,
          signature_file_id: null,
          title_en: category.template.titleEn,
          title_ar: category.template.titleAr,
          body_en: category.template.bodyEn,
          body_ar: category.template.bodyAr,
          updated_by: null,
        });
      categories.push({ id, clientId, seed: category, supportingIds });
    }
  }

  const actorOf = (email: string): AuditActor & { userId: number } => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email)!;
    return { userId: userIds[email], role: account.role, ip: null };
  };
  // Who decides for each client: its clerk, or the super admin for the client that has no staff.
  const reviewerOf = (clientId: number) =>
    actorOf(
      clientId === clientIds[0]
        ? "clerk@example.com"
        : clientId === clientIds[1]
          ? "clerk2@example.com"
          : "superadmin@example.com",
    );

  const idPdf = await demoPdf("National ID (demo)", ["This is a demo supporting document."]);
  const contractPdf = await demoPdf("Employment contract (demo)", ["Demo contract text."]);
  const beneficiaries = ["beneficiary@example.com", "beneficiary2@example.com", "beneficiary3@example.com"];
  const statuses: RequestStatus[] = ["PENDING", "APPROVED", "REJECTED", "COMPLETED"];
  const completed: { requestId: number; categoryIndex: number; createdAt: string }[] = [];

  for (let n = 0; n < 36; n++) {
    // The first eight requests are Demo University's, covering every status twice.
    const categoryIndex = n < 8 ? n % 2 : Math.floor(rand() * categories.length);
    const category = categories[categoryIndex];
    const status = n < 8 ? statuses[n % 4] : statuses[Math.floor(rand() * statuses.length)];
    const beneficiary = n < 8 ? beneficiaries[0] : beneficiaries[Math.floor(rand() * beneficiaries.length)];
    const createdAt = daysFromNow(-(60 - n));
    const decidedAt = daysFromNow(-(58 - n));
    const documents = category.supportingIds.map((typeId, typeIndex) => {
      const name = category.seed.supporting[typeIndex].en;
      const isPdf = typeIndex === 0 || name.includes("contract");
      return {
        fieldName: `document.${typeId}`,
        name: isPdf ? `${name}.pdf` : "photo.png",
        bytes: isPdf ? (typeIndex === 0 ? idPdf : contractPdf) : DEMO_PNG,
      };
    });
    const { requestId } = made(
      await asOf(createdAt, () =>
        createRequest(
          db,
          userIds[beneficiary],
          {
            clientId: category.clientId,
            categoryId: category.id,
            fields: Object.fromEntries(category.seed.fields.map((field) => [field.key, sampleValue(field.type, n)])),
            requestMessage: `Please issue the ${category.seed.en.toLowerCase()}. (demo #${n + 1})`,
            securePlusEnabled: n % 5 === 0,
            documents,
          },
          null,
        ),
      ),
      "a request",
    );
    await forgetLimits(db);
    if (status !== "PENDING") {
      const reviewer = reviewerOf(category.clientId);
      const request = (await findRequestForStaff(db, requestId))!;
      const note =
        status === "REJECTED"
          ? { en: "The student number does not match our records.", ar: "الرقم الجامعي لا يطابق سجلاتنا." }
          : { en: null, ar: null };
      const decision = status === "REJECTED" ? "REJECTED" : "APPROVED";
      await asOf(decidedAt, async () => {
        for (const attachment of await attachmentsOf(db, "DOCUMENT_REQUESTS", requestId))
          await reviewAttachment(db, request, attachment.id, decision, reviewer);
        await changeRequestStatus(db, request, { status: decision, securePlusEnabled: n % 5 === 0, note }, reviewer);
      });
    }
    await backdateRequest(db, requestId, createdAt, status === "PENDING" ? createdAt : decidedAt);
    if (status === "COMPLETED") completed.push({ requestId, categoryIndex, createdAt });
  }

  // Issued documents: valid, expired and revoked ones.
  for (const [index, item] of completed.entries()) {
    const category = categories[item.categoryIndex];
    const client = CLIENT_SEEDS.find((candidate) => candidate.categories.includes(category.seed))!;
    const kind = index % 3; // 0 valid, 1 expired, 2 revoked
    const issuedAt = daysFromNow(-20 + index);
    const issuer = reviewerOf(category.clientId);
    const request = (await findRequestForStaff(db, item.requestId))!;
    const original = await demoPdf(category.seed.en, [`Issued by ${client.en}`, `Request #${item.requestId}`]);
    const issued = made(
      await asOf(issuedAt, () =>
        issueDocument(db, {
          request,
          issuer,
          file: {
            fieldName: "file",
            name: `${category.seed.en}.pdf`,
            bytes: original,
          },
          documentName: { en: category.seed.en, ar: category.seed.ar },
          securePlusEnabled: index === 3, // a valid document protected by an access PIN
          expirationDate: day(kind === 1 ? daysFromNow(-3) : daysFromNow(category.seed.validity)),
        }),
      ),
      "an issued document",
    );
    const revokedAt = kind === 2 ? daysFromNow(-1) : undefined;
    if (revokedAt) {
      await asOf(revokedAt, () =>
        revokeIssuedDocument(db, {
          owner: { requestId: item.requestId },
          clientId: category.clientId,
          issuedDocumentId: issued.issuedDocumentId,
          reason: {
            en: "Issued with a typing error in the name; replaced.",
            ar: "صدرت بخطأ مطبعي في الاسم، واستُبدلت.",
          },
          actor: issuer,
        }),
      );
    }
    await backdateIssued(db, issued.issuedDocumentId, issuedAt, revokedAt);
    await backdateRequest(db, item.requestId, item.createdAt, issuedAt);
  }

  await seedAttestations(db, { clientIds, userIds, actorOf, reviewerOf });
  await seedAnnouncements(db, clientIds[0], actorOf("clerk@example.com"));
  await forgetDeliveries(db);
}

type Actor = AuditActor & { userId: number };
interface Made {
  clientIds: number[];
  userIds: Record<string, number>;
  actorOf: (email: string) => Actor;
  reviewerOf: (clientId: number) => Actor;
}

/**
 * Attestations in every state, for Demo University and the Ministry of Labour. The first is Demo University's,
 * PENDING, asked by beneficiary@ (the authorization matrix's sample id 1).
 */
async function seedAttestations(db: DB, { clientIds, actorOf, reviewerOf }: Made) {
  const [demoUniversity, ministry] = clientIds;
  const seeds = [
    {
      client: demoUniversity,
      holder: "beneficiary@example.com",
      name: "Bachelor's diploma, 2019",
      status: "PENDING",
      pdf: true,
    },
    {
      client: demoUniversity,
      holder: "beneficiary2@example.com",
      name: "Transcript of records",
      status: "PENDING",
      pdf: false,
    },
    {
      client: demoUniversity,
      holder: "beneficiary@example.com",
      name: "Certificate of enrolment, 2021",
      status: "APPROVED",
      pdf: true,
    },
    {
      client: demoUniversity,
      holder: "beneficiary3@example.com",
      name: "Training certificate",
      status: "REJECTED",
      pdf: true,
      note: { en: "We have no record of this certificate in our registry.", ar: "لا يوجد سجل لهذه الشهادة لدينا." },
    },
    {
      client: demoUniversity,
      holder: "beneficiary@example.com",
      name: "Letter of recommendation",
      status: "CANCELLED",
      pdf: true,
    },
    { client: ministry, holder: "beneficiary2@example.com", name: "Work permit, 2020", status: "PENDING", pdf: true },
    {
      client: ministry,
      holder: "beneficiary@example.com",
      name: "Certificate of experience",
      status: "APPROVED",
      pdf: true,
    },
    {
      client: ministry,
      holder: "beneficiary3@example.com",
      name: "Employment contract, 2018",
      status: "REJECTED",
      pdf: false,
      note: { en: "The contract is not signed by the ministry.", ar: "العقد غير موقّع من الوزارة." },
    },
  ] as const;
  for (const [index, seed] of seeds.entries()) {
    const createdAt = daysFromNow(-14 + index);
    const decidedAt = daysFromNow(-10 + index);
    const holder = actorOf(seed.holder);
    const bytes = seed.pdf ? await demoPdf(seed.name, ["The beneficiary's own copy (demo)."]) : DEMO_PNG;
    const { id } = made(
      await asOf(createdAt, () =>
        createAttestation(db, {
          beneficiary: holder,
          clientId: seed.client,
          documentName: seed.name,
          description: "",
          securePlusEnabled: false,
          file: { fieldName: "file", name: seed.pdf ? `${seed.name}.pdf` : "scan.png", bytes },
        }),
      ),
      "an attestation",
    );
    await forgetLimits(db);
    const attestation = (await findAttestation(db, id))!;
    const reviewer = reviewerOf(seed.client);
    await asOf(decidedAt, async () => {
      if (seed.status === "CANCELLED") await cancelAttestation(db, attestation, holder);
      if (seed.status === "REJECTED") await rejectAttestation(db, attestation, seed.note, reviewer);
      if (seed.status === "APPROVED") {
        const expiry = day(daysFromNow(365));
        const issued = made(await approveAttestation(db, attestation, expiry, reviewer), "an attested copy");
        await backdateIssued(db, issued.issuedDocumentId, decidedAt);
      }
    });
    await backdateAttestation(db, id, createdAt, seed.status === "PENDING" ? null : decidedAt);
  }
}

/** Demo University's announcements: one published, one draft. */
async function seedAnnouncements(db: DB, clientId: number, author: Actor) {
  const announcements = [
    {
      slug: "new-opening-hours-of-the-registry",
      title: { english: "New opening hours of the registry", arabic: "ساعات العمل الجديدة لقسم التسجيل" },
      body: {
        english:
          "From 1 December the registry is open Sunday to Thursday, 8:00 to 15:00.\n\nCertificates and attestations can be requested online at any time: https://example.org/registry",
        arabic:
          "اعتبارًا من 1 كانون الأول يفتح قسم التسجيل من الأحد إلى الخميس، من الساعة 8:00 حتى 15:00.\n\nيمكن طلب الشهادات والتصديقات عبر الإنترنت في أي وقت: https://example.org/registry",
      },
      intent: "publish",
      at: daysFromNow(-5),
    },
    {
      slug: "graduation-ceremony-2027",
      title: { english: "Graduation ceremony 2027", arabic: "حفل التخرج 2027" },
      body: {
        english: "The date and place of the ceremony will be announced soon.",
        arabic: "سيُعلن عن موعد الحفل ومكانه قريبًا.",
      },
      intent: "draft",
      at: daysFromNow(-1),
    },
  ] as const;
  for (const { at, ...values } of announcements) {
    const { id } = made(
      await asOf(at, () => saveAnnouncement(db, null, clientId, announcementSchema.parse(values), author)),
      "an announcement",
    );
    const published = (await findAnnouncement(db, id))!.status === "PUBLISHED";
    await backdateAnnouncement(db, id, at, published ? at : null);
  }
}
