import { audit } from "~/modules/audit/service.server";
import crypto from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { hashPassword } from "~/modules/users/password.server";
import { storeFile } from "~/modules/files/storage.server";
import { stampDocument } from "~/modules/issuing/stamp.server";
import { generateVerificationCode } from "~/modules/verification/code";
import { accessPinFor, hashAccessPin } from "~/modules/verification/pin.server";
import { env } from "~/utils/env.server";
import type { DB } from "../db.server";
import type { RequestStatus, Role } from "../schema";
import { toFlag } from "~/db/values";

export const DEMO_PASSWORD = "Demo-Pass-2026";

export const DEMO_ACCOUNTS: { email: string; role: Role; note: string }[] = [
  { email: "superadmin@example.com", role: "SUPER_ADMIN", note: "" },
  { email: "serviceadmin@example.com", role: "SERVICE_ADMIN", note: "" },
  { email: "clientadmin@example.com", role: "CLIENT_ADMIN", note: "Demo University" },
  { email: "clerk@example.com", role: "CLERK", note: "Demo University" },
  { email: "clerk2@example.com", role: "CLERK", note: "Ministry of Labour (no announcements)" },
  { email: "beneficiary@example.com", role: "BENEFICIARY", note: "" },
  { email: "beneficiary2@example.com", role: "BENEFICIARY", note: "" },
  { email: "beneficiary3@example.com", role: "BENEFICIARY", note: "" },
  { email: "clientadmin2@example.com", role: "CLIENT_ADMIN", note: "Ministry of Labour" },
];

export async function isDatabaseEmpty(db: DB) {
  return !(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

/** A tiny deterministic generator, so the demo data is the same on every machine. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A 2x2 PNG (real image bytes) for demo uploads.
const DEMO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDEwMDAAAAMGAECs5BV2gAAAABJRU5ErkJggg==",
  "base64",
);

async function demoPdf(title: string, lines: string[]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 20, font });
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 20, size: 12, font }));
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  return pdf.save();
}

type Person = { en: [string, string, string]; ar: [string, string, string] };

const PEOPLE: Record<string, Person> = {
  "superadmin@example.com": { en: ["Sara", "Omar", "Haddad"], ar: ["سارة", "عمر", "حداد"] },
  "serviceadmin@example.com": { en: ["Khalid", "Nabil", "Mansour"], ar: ["خالد", "نبيل", "منصور"] },
  "clientadmin@example.com": { en: ["Layla", "Samir", "Nasser"], ar: ["ليلى", "سمير", "ناصر"] },
  "clerk@example.com": { en: ["Yousef", "Adel", "Karimi"], ar: ["يوسف", "عادل", "كريمي"] },
  "clerk2@example.com": { en: ["Huda", "Fares", "Saleh"], ar: ["هدى", "فارس", "صالح"] },
  "beneficiary@example.com": { en: ["Ahmad", "Ali", "Hassan"], ar: ["أحمد", "علي", "حسن"] },
  "beneficiary2@example.com": { en: ["Mariam", "Yasser", "Khoury"], ar: ["مريم", "ياسر", "خوري"] },
  "beneficiary3@example.com": { en: ["Omar", "Tariq", "Aziz"], ar: ["عمر", "طارق", "عزيز"] },
  "clientadmin2@example.com": { en: ["Rana", "Walid", "Jaber"], ar: ["رنا", "وليد", "جابر"] },
};

interface CategorySeed {
  en: string;
  ar: string;
  descEn: string;
  descAr: string;
  fee: number;
  currency: string;
  validity: number;
  fields: { en: string; ar: string; key: string; type: string; required: boolean }[];
  supporting: { en: string; ar: string; required: boolean }[];
}

const ID_COPY = { en: "Copy of national ID", ar: "صورة الهوية الوطنية", required: true };

const CLIENT_SEEDS: {
  en: string;
  ar: string;
  address: string;
  sincera: boolean;
  attestation: boolean;
  category: 0 | 1;
  categories: CategorySeed[];
}[] = [
  {
    en: "Demo University",
    ar: "الجامعة التجريبية",
    address: "1 University Avenue, Amman",
    sincera: true,
    attestation: true,
    category: 0,
    categories: [
      {
        en: "Graduation certificate",
        ar: "شهادة تخرج",
        descEn: "Official certificate of graduation with degree and date.",
        descAr: "شهادة تخرج رسمية تتضمن الدرجة العلمية والتاريخ.",
        fee: 1500,
        currency: "JOD",
        validity: 365,
        fields: [
          { en: "Student number", ar: "الرقم الجامعي", key: "student_number", type: "number", required: true },
          { en: "Graduation date", ar: "تاريخ التخرج", key: "graduation_date", type: "date", required: true },
          { en: "Purpose", ar: "الغرض", key: "purpose", type: "textarea", required: false },
        ],
        supporting: [ID_COPY, { en: "Passport photo", ar: "صورة شخصية", required: false }],
      },
      {
        en: "Academic transcript",
        ar: "كشف علامات",
        descEn: "Transcript of all courses and grades.",
        descAr: "كشف بجميع المساقات والعلامات.",
        fee: 1000,
        currency: "JOD",
        validity: 180,
        fields: [
          { en: "Student number", ar: "الرقم الجامعي", key: "student_number", type: "number", required: true },
          {
            en: "Contact email",
            ar: "البريد الإلكتروني للتواصل",
            key: "contact_email",
            type: "email",
            required: false,
          },
        ],
        supporting: [ID_COPY],
      },
    ],
  },
  {
    en: "Ministry of Labour",
    ar: "وزارة العمل",
    address: "12 Government Street, Amman",
    sincera: false,
    attestation: true,
    category: 1,
    categories: [
      {
        en: "Work permit certificate",
        ar: "شهادة تصريح عمل",
        descEn: "Certificate stating a valid work permit.",
        descAr: "شهادة تثبت وجود تصريح عمل ساري.",
        fee: 2500,
        currency: "JOD",
        validity: 90,
        fields: [
          { en: "Employer name", ar: "اسم صاحب العمل", key: "employer_name", type: "text", required: true },
          { en: "Employment start", ar: "تاريخ بدء العمل", key: "employment_start", type: "date", required: true },
          { en: "Phone", ar: "الهاتف", key: "phone", type: "phone", required: false },
        ],
        supporting: [ID_COPY, { en: "Employment contract", ar: "عقد العمل", required: false }],
      },
      {
        en: "Experience letter",
        ar: "شهادة خبرة",
        descEn: "Letter confirming registered work experience.",
        descAr: "رسالة تؤكد الخبرة العملية المسجلة.",
        fee: 500,
        currency: "JOD",
        validity: 365,
        fields: [
          { en: "Job title", ar: "المسمى الوظيفي", key: "job_title", type: "text", required: true },
          { en: "Years of experience", ar: "سنوات الخبرة", key: "years", type: "number", required: true },
        ],
        supporting: [ID_COPY],
      },
    ],
  },
  {
    en: "Al-Noor Institute",
    ar: "معهد النور",
    address: "7 Garden Road, Irbid",
    sincera: false,
    attestation: false,
    category: 0,
    categories: [
      {
        en: "Enrolment letter",
        ar: "إفادة تسجيل",
        descEn: "Letter confirming current enrolment.",
        descAr: "إفادة تؤكد التسجيل الحالي.",
        fee: 0,
        currency: "JOD",
        validity: 30,
        fields: [
          { en: "Student number", ar: "الرقم الجامعي", key: "student_number", type: "number", required: true },
          { en: "Semester", ar: "الفصل الدراسي", key: "semester", type: "text", required: true },
        ],
        supporting: [ID_COPY],
      },
      {
        en: "Course completion certificate",
        ar: "شهادة إتمام دورة",
        descEn: "Certificate for a completed course.",
        descAr: "شهادة إتمام دورة تدريبية.",
        fee: 700,
        currency: "USD",
        validity: 730,
        fields: [
          { en: "Course name", ar: "اسم الدورة", key: "course_name", type: "text", required: true },
          { en: "Completion date", ar: "تاريخ الإتمام", key: "completion_date", type: "date", required: true },
          { en: "Notes", ar: "ملاحظات", key: "notes", type: "textarea", required: false },
          { en: "Email", ar: "البريد الإلكتروني", key: "email", type: "email", required: false },
        ],
        supporting: [ID_COPY],
      },
    ],
  },
];

const sampleValue = (type: string, n: number) =>
  ({
    number: String(20180000 + n * 37),
    date: `20${18 + (n % 6)}-0${1 + (n % 9)}-1${n % 9}`,
    email: `person${n}@example.org`,
    phone: `07${String(90000000 + n * 1234).slice(0, 8)}`,
    textarea: "Needed for a job application abroad.",
  })[type] ?? `Sample ${n}`;

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The demo data (README, Demo accounts). Run into an empty database only. */
export async function seedDemoData(db: DB): Promise<void> {
  // The demo accounts sign in with a password alone: two-factor sign-in is optional for every role here
  // (a real deployment requires it of the admins; the super admin changes it at /super-admin/two-factor-policy).
  await db.updateTable("two_factor_policy").set({ required: 0 }).execute();
  const rand = random(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: Record<string, number> = {};

  // Files are written outside the transaction; the rows that point at them are written inside it.
  const idPdf = await demoPdf("National ID (demo)", ["This is a demo supporting document."]);
  const contractPdf = await demoPdf("Employment contract (demo)", ["Demo contract text."]);

  await db.transaction().execute(async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      const person = PEOPLE[account.email];
      const row = await trx
        .insertInto("users")
        .values({
          email: account.email,
          password_hash: passwordHash,
          role: account.role,
          first_name_en: person.en[0],
          first_name_ar: person.ar[0],
          father_name_en: person.en[1],
          father_name_ar: person.ar[1],
          last_name_en: person.en[2],
          last_name_ar: person.ar[2],
          phone: `0790${String(100000 + Object.keys(userIds).length * 7919).slice(0, 6)}`,
          nin: String(90000000000 + Object.keys(userIds).length * 1234567),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds[account.email] = row.id;
    }

    const clientCategoryIds: number[] = [];
    for (const [en, ar, fee, validity] of [
      ["Universities and institutes", "الجامعات والمعاهد", 1000, 365],
      ["Government bodies", "الجهات الحكومية", 2000, 90],
    ] as const) {
      const row = await trx
        .insertInto("client_categories")
        .values({
          name_en: en,
          name_ar: ar,
          fee,
          currency: "JOD",
          validity_period_days: validity,
          description_en: en,
          description_ar: ar,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      clientCategoryIds.push(row.id);
    }

    const categories: { id: number; clientId: number; seed: CategorySeed; supportingIds: number[] }[] = [];
    const clientIds: number[] = [];
    for (const [index, client] of CLIENT_SEEDS.entries()) {
      const { id: clientId } = await trx
        .insertInto("clients")
        .values({
          name_en: client.en,
          name_ar: client.ar,
          address: client.address,
          can_do_sincera: toFlag(client.sincera),
          can_do_attestation: toFlag(client.attestation),
          client_category_id: clientCategoryIds[client.category],
          client_admin_id:
            index === 0 ? userIds["clientadmin@example.com"] : index === 1 ? userIds["clientadmin2@example.com"] : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      clientIds.push(clientId);
      if (index === 0) {
        await trx
          .insertInto("client_admins")
          .values({
            user_id: userIds["clientadmin@example.com"],
            client_id: clientId,
            job_title: "Registrar",
            // Empty: every client-admin capability (docs/architecture.md §15).
            permissions: "[]",
            can_do_attestation: 1,
          })
          .execute();
        await trx
          .insertInto("clerks")
          .values({ user_id: userIds["clerk@example.com"], client_id: clientId, job_title: "Records clerk" })
          .execute();
      }
      if (index === 1) {
        await trx
          .insertInto("clerks")
          .values({ user_id: userIds["clerk2@example.com"], client_id: clientId, job_title: "Case officer" })
          .execute();
        await trx
          .insertInto("client_admins")
          .values({
            user_id: userIds["clientadmin2@example.com"],
            client_id: clientId,
            job_title: "Head of services",
            permissions: "[]",
            can_do_attestation: 0,
          })
          .execute();
      }
      for (const category of client.categories) {
        const { id } = await trx
          .insertInto("document_categories")
          .values({
            client_id: clientId,
            name_en: category.en,
            name_ar: category.ar,
            description_en: category.descEn,
            description_ar: category.descAr,
            fee: category.fee,
            currency: category.currency,
            validity_period_days: category.validity,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const field of category.fields) {
          await trx
            .insertInto("document_required_fields")
            .values({
              document_category_id: id,
              name_en: field.en,
              name_ar: field.ar,
              field_name: field.key,
              field_type: field.type,
              is_required: toFlag(field.required),
            })
            .execute();
        }
        const supportingIds: number[] = [];
        for (const type of category.supporting) {
          const row = await trx
            .insertInto("supporting_document_types")
            .values({
              document_category_id: id,
              document_type_en: type.en,
              document_type_ar: type.ar,
              description_en: `Upload: ${type.en}`,
              description_ar: `ارفع: ${type.ar}`,
              is_required: toFlag(type.required),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          supportingIds.push(row.id);
        }
        categories.push({ id, clientId, seed: category, supportingIds });
      }
    }

    const beneficiaries = ["beneficiary@example.com", "beneficiary2@example.com", "beneficiary3@example.com"].map(
      (e) => userIds[e],
    );
    const statuses: RequestStatus[] = ["PENDING", "APPROVED", "REJECTED", "COMPLETED"];
    const issuer = userIds["clerk@example.com"];
    const completed: { requestId: number; categoryIndex: number; beneficiaryId: number }[] = [];

    for (let n = 0; n < 36; n++) {
      // The first eight requests are Demo University's, covering every status twice.
      const categoryIndex = n < 8 ? n % 2 : Math.floor(rand() * categories.length);
      const category = categories[categoryIndex];
      const status = n < 8 ? statuses[n % 4] : statuses[Math.floor(rand() * statuses.length)];
      const beneficiaryId = n < 8 ? beneficiaries[0] : beneficiaries[Math.floor(rand() * beneficiaries.length)];
      const createdAt = daysFromNow(-(60 - n));
      const { id: requestId } = await trx
        .insertInto("document_requests")
        .values({
          beneficiary_id: beneficiaryId,
          client_id: category.clientId,
          document_category_id: category.id,
          status,
          secure_plus_enabled: toFlag(n % 5 === 0),
          request_message: `Please issue the ${category.seed.en.toLowerCase()}. (demo #${n + 1})`,
          status_note: status === "REJECTED" ? "The student number does not match our records." : null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const field of category.seed.fields) {
        await trx
          .insertInto("request_field_values")
          .values({ request_id: requestId, field_name: field.key, field_value: sampleValue(field.type, n) })
          .execute();
      }
      for (const [typeIndex, typeId] of category.supportingIds.entries()) {
        const isPdf = typeIndex === 0 || category.seed.supporting[typeIndex].en.includes("contract");
        const bytes = isPdf ? (typeIndex === 0 ? idPdf : contractPdf) : DEMO_PNG;
        const file = await storeFile(trx, {
          bytes,
          mimeType: isPdf ? "application/pdf" : "image/png",
          originalName: isPdf ? `${category.seed.supporting[typeIndex].en}.pdf` : "photo.png",
          totalPages: isPdf ? 1 : null,
          createdBy: beneficiaryId,
        });
        await trx
          .insertInto("attachments")
          .values({
            entity_type: "DOCUMENT_REQUESTS",
            reference_entity_id: requestId,
            document_name: category.seed.supporting[typeIndex].en,
            file_id: file.id,
            supporting_document_type_id: typeId,
            status: status === "PENDING" ? "PENDING" : status === "REJECTED" ? "REJECTED" : "APPROVED",
          })
          .execute();
      }
      await audit(
        trx,
        { userId: beneficiaryId, role: "BENEFICIARY", ip: null },
        {
          clientId: category.clientId,
          action: "request.create",
          entityType: "DOCUMENT_REQUESTS",
          entityId: requestId,
          at: createdAt,
        },
      );
      if (status === "COMPLETED") completed.push({ requestId, categoryIndex, beneficiaryId });
    }

    // Issued documents: valid, expired and revoked ones.
    for (const [index, item] of completed.entries()) {
      const category = categories[item.categoryIndex];
      const client = CLIENT_SEEDS.find((c) => c.categories.includes(category.seed))!;
      const kind = index % 3; // 0 valid, 1 expired, 2 revoked
      await issueDemoDocument(trx, {
        kind: "REQUEST",
        original: await demoPdf(category.seed.en, [`Issued by ${client.en}`, `Request #${item.requestId}`]),
        client: { id: category.clientId, en: client.en, ar: client.ar },
        issuerId: issuer,
        beneficiaryId: item.beneficiaryId,
        documentName: category.seed.en,
        requestId: item.requestId,
        categoryId: category.id,
        expiry: kind === 1 ? daysFromNow(-3) : daysFromNow(category.seed.validity),
        securePlus: index === 3, // a valid document protected by an access PIN
        revoked:
          kind === 2 ? { at: daysFromNow(-1), reason: "Issued with a typing error in the name; replaced." } : null,
        issuedAt: daysFromNow(-20 + index),
      });
    }

    // Attestations: every state, for Demo University and the Ministry of Labour. The
    // first is Demo University's, PENDING, asked by beneficiary@ (the authorization matrix's sample id 1).
    const [demoUniversity, ministry] = [0, 1].map((index) => ({
      id: clientIds[index],
      en: CLIENT_SEEDS[index].en,
      ar: CLIENT_SEEDS[index].ar,
    }));
    const reviewerOf = (clientId: number) =>
      clientId === demoUniversity.id ? userIds["clerk@example.com"] : userIds["clerk2@example.com"];
    const attestationSeeds = [
      {
        client: demoUniversity,
        beneficiary: beneficiaries[0],
        name: "Bachelor's diploma, 2019",
        status: "PENDING",
        pdf: true,
      },
      {
        client: demoUniversity,
        beneficiary: beneficiaries[1],
        name: "Transcript of records",
        status: "PENDING",
        pdf: false,
      },
      {
        client: demoUniversity,
        beneficiary: beneficiaries[0],
        name: "Certificate of enrolment, 2021",
        status: "APPROVED",
        pdf: true,
      },
      {
        client: demoUniversity,
        beneficiary: beneficiaries[2],
        name: "Training certificate",
        status: "REJECTED",
        pdf: true,
        note: "We have no record of this certificate in our registry.",
      },
      {
        client: demoUniversity,
        beneficiary: beneficiaries[0],
        name: "Letter of recommendation",
        status: "CANCELLED",
        pdf: true,
      },
      { client: ministry, beneficiary: beneficiaries[1], name: "Work permit, 2020", status: "PENDING", pdf: true },
      {
        client: ministry,
        beneficiary: beneficiaries[0],
        name: "Certificate of experience",
        status: "APPROVED",
        pdf: true,
      },
      {
        client: ministry,
        beneficiary: beneficiaries[2],
        name: "Employment contract, 2018",
        status: "REJECTED",
        pdf: false,
        note: "The contract is not signed by the ministry.",
      },
    ] as const;
    for (const [index, seed] of attestationSeeds.entries()) {
      const createdAt = daysFromNow(-14 + index);
      const decidedAt = daysFromNow(-10 + index);
      const bytes = seed.pdf ? await demoPdf(seed.name, ["The beneficiary's own copy (demo)."]) : DEMO_PNG;
      const file = await storeFile(trx, {
        bytes,
        mimeType: seed.pdf ? "application/pdf" : "image/png",
        originalName: seed.pdf ? `${seed.name}.pdf` : "scan.png",
        totalPages: seed.pdf ? 1 : null,
        createdBy: seed.beneficiary,
      });
      const decided = seed.status === "APPROVED" || seed.status === "REJECTED";
      const { id } = await trx
        .insertInto("attestations")
        .values({
          beneficiary_id: seed.beneficiary,
          client_id: seed.client.id,
          document_name: seed.name,
          description: index === 0 ? "Needed for a master's application abroad." : "",
          file_id: file.id,
          status: seed.status,
          reviewer_id: decided ? reviewerOf(seed.client.id) : null,
          review_note: "note" in seed ? seed.note : null,
          reviewed_at: decided ? decidedAt : null,
          created_at: createdAt,
          updated_at: seed.status === "PENDING" ? createdAt : decidedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const event = { clientId: seed.client.id, entityType: "DOCUMENT_ATTESTATION", entityId: id } as const;
      const holder = { userId: seed.beneficiary, role: "BENEFICIARY" as const, ip: null };
      const reviewer = { userId: reviewerOf(seed.client.id), role: "CLERK" as const, ip: null };
      await audit(trx, holder, { ...event, action: "attestation.create", at: createdAt });
      if (seed.status === "CANCELLED")
        await audit(trx, holder, { ...event, action: "attestation.cancel", at: decidedAt });
      if (seed.status === "REJECTED") {
        const details = { status: "REJECTED", note: "note" in seed ? seed.note : "" };
        await audit(trx, reviewer, { ...event, action: "attestation.reject", at: decidedAt, details });
      }
      if (seed.status === "APPROVED") {
        const issued = await issueDemoDocument(trx, {
          kind: "ATTESTATION",
          original: bytes,
          client: seed.client,
          issuerId: reviewerOf(seed.client.id),
          beneficiaryId: seed.beneficiary,
          documentName: seed.name,
          attestationId: id,
          expiry: daysFromNow(365),
          securePlus: false,
          revoked: null,
          issuedAt: decidedAt,
        });
        const details = { status: "APPROVED", issuedDocumentId: issued.id, code: issued.code };
        await audit(trx, reviewer, { ...event, action: "attestation.approve", at: decidedAt, details });
      }
    }

    // Public announcements: Demo University's, one published and one draft.
    const author = userIds["clerk@example.com"];
    const announcements = [
      {
        slug: "new-opening-hours-of-the-registry",
        title_en: "New opening hours of the registry",
        title_ar: "ساعات العمل الجديدة لقسم التسجيل",
        body_en:
          "From 1 December the registry is open Sunday to Thursday, 8:00 to 15:00.\n\nCertificates and attestations can be requested online at any time: https://example.org/registry",
        body_ar:
          "اعتبارًا من 1 كانون الأول يفتح قسم التسجيل من الأحد إلى الخميس، من الساعة 8:00 حتى 15:00.\n\nيمكن طلب الشهادات والتصديقات عبر الإنترنت في أي وقت: https://example.org/registry",
        status: "PUBLISHED" as const,
        published_at: daysFromNow(-5),
      },
      {
        slug: "graduation-ceremony-2027",
        title_en: "Graduation ceremony 2027",
        title_ar: "حفل التخرج 2027",
        body_en: "The date and place of the ceremony will be announced soon.",
        body_ar: "سيُعلن عن موعد الحفل ومكانه قريبًا.",
        status: "DRAFT" as const,
        published_at: null,
      },
    ];
    for (const announcement of announcements) {
      const at = announcement.published_at ?? daysFromNow(-1);
      const { id } = await trx
        .insertInto("public_announcements")
        .values({ ...announcement, client_id: demoUniversity.id, author_id: author, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const event = { clientId: demoUniversity.id, entityType: "PUBLIC_ANNOUNCEMENTS", entityId: id, at };
      const clerk = { userId: author, role: "CLERK" as const, ip: null };
      await audit(trx, clerk, { ...event, action: "announcement.create" });
      if (announcement.status === "PUBLISHED") await audit(trx, clerk, { ...event, action: "announcement.publish" });
    }
  });
}

/** A stamped, recorded document of the demo data: a request's document or an attested copy. */
async function issueDemoDocument(
  trx: DB,
  input: {
    kind: "REQUEST" | "ATTESTATION";
    original: Uint8Array;
    client: { id: number; en: string; ar: string };
    issuerId: number;
    beneficiaryId: number;
    documentName: string;
    requestId?: number;
    categoryId?: number;
    attestationId?: number;
    expiry: string;
    securePlus: boolean;
    revoked: { at: string; reason: string } | null;
    issuedAt: string;
  },
) {
  const code = generateVerificationCode((size) => crypto.randomBytes(size));
  const verificationUrl = `${env.publicUrl}/verify/${code}`;
  const stamped = await stampDocument({
    bytes: input.original,
    mimeType: "application/pdf",
    code,
    verificationUrl,
    kind: input.kind,
    issuer: { en: input.client.en, ar: input.client.ar },
    issuedAt: new Date(input.issuedAt),
  });
  const file = await storeFile(trx, {
    bytes: stamped.bytes,
    mimeType: "application/pdf",
    originalName: `${input.documentName}.pdf`,
    totalPages: stamped.totalPages,
    createdBy: input.issuerId,
  });
  const { id } = await trx
    .insertInto("issued_documents")
    .values({
      kind: input.kind,
      request_id: input.requestId ?? null,
      attestation_id: input.attestationId ?? null,
      category_id: input.categoryId ?? null,
      client_id: input.client.id,
      issuer_id: input.issuerId,
      beneficiary_id: input.beneficiaryId,
      document_name: input.documentName,
      file_id: file.id,
      total_pages: stamped.totalPages,
      expiry_date: input.expiry,
      document_hash: file.sha256,
      verification_code: code,
      secure_plus_enabled: toFlag(input.securePlus),
      access_pin_hash: input.securePlus ? await hashAccessPin(accessPinFor(code)) : null,
      status: input.revoked ? "REVOKED" : "VALID",
      revoked_at: input.revoked?.at ?? null,
      revoked_by: input.revoked ? input.issuerId : null,
      revocation_reason: input.revoked?.reason ?? null,
      created_at: input.issuedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, code };
}
