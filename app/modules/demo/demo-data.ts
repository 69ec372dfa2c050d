import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { fontFile } from "~/modules/issuing/stamp.server";
import type { Role } from "~/platform/db/schema";

/** The demo data (README, Demo accounts): who, which organisations and catalogue, the same on every machine. */

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

/** A tiny deterministic generator, so the demo data is the same on every machine. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A 2x2 PNG (real image bytes) for demo uploads.
export const DEMO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDEwMDAAAAMGAECs5BV2gAAAABJRU5ErkJggg==",
  "base64",
);

/** A demo upload: its font embedded, as in every PDF the service makes (docs/architecture.md §20). */
export async function demoPdf(title: string, lines: string[]) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(fontFile("Regular"), { subset: true });
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 20, font });
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 20, size: 12, font }));
  return pdf.save();
}

export type Person = { en: [string, string, string]; ar: [string, string, string] };

export const PEOPLE: Record<string, Person> = {
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

export interface CategorySeed {
  en: string;
  ar: string;
  descEn: string;
  descAr: string;
  fee: number;
  currency: string;
  validity: number;
  fields: { en: string; ar: string; key: string; type: string; required: boolean }[];
  supporting: { en: string; ar: string; required: boolean }[];
  /** A document template, so the demo shows issuing from one (docs/architecture.md §21). */
  template?: { titleEn: string; titleAr: string; bodyEn: string; bodyAr: string };
}

const ID_COPY = { en: "Copy of national ID", ar: "صورة الهوية الوطنية", required: true };

export const CLIENT_SEEDS: {
  en: string;
  ar: string;
  address: { en: string; ar: string };
  sincera: boolean;
  attestation: boolean;
  category: 0 | 1;
  categories: CategorySeed[];
}[] = [
  {
    en: "Demo University",
    ar: "الجامعة التجريبية",
    address: { en: "1 University Avenue, Amman", ar: "1 شارع الجامعة، عمّان" },
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
        template: {
          titleEn: "Academic transcript",
          titleAr: "كشف علامات",
          bodyEn:
            "Demo University certifies that {{beneficiary.name.en}}, student number {{field.student_number}}, is enrolled and that this transcript lists all the courses taken and their grades.\n\nIssued on {{issueDate}}, valid until {{expiryDate}}.",
          bodyAr:
            "تشهد الجامعة التجريبية بأن {{beneficiary.name.ar}}، الرقم الجامعي {{field.student_number}}، مسجّل فيها، وبأن هذا الكشف يبيّن جميع المساقات التي درسها وعلاماتها.\n\nصدر في {{issueDate}}، وهو صالح حتى {{expiryDate}}.",
        },
      },
    ],
  },
  {
    en: "Ministry of Labour",
    ar: "وزارة العمل",
    address: { en: "12 Government Street, Amman", ar: "12 شارع الحكومة، عمّان" },
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
    address: { en: "7 Garden Road, Irbid", ar: "7 طريق الحدائق، إربد" },
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

export const sampleValue = (type: string, n: number) =>
  ({
    number: String(20180000 + n * 37),
    date: `20${18 + (n % 6)}-0${1 + (n % 9)}-1${n % 9}`,
    email: `person${n}@example.org`,
    phone: `07${String(90000000 + n * 1234).slice(0, 8)}`,
    textarea: "Needed for a job application abroad.",
  })[type] ?? `Sample ${n}`;

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
