import { PDFDocument } from "pdf-lib";
import { fontFile } from "~/modules/issuing/stamp.server";
import type { Role } from "~/platform/db/schema";
import catalogue from "./demo-catalogue.json";

/**
 * The demo data (README, Demo accounts): who, which organisations and catalogue, the same on every machine. The
 * accounts, people and catalogue are data, in demo-catalogue.json; what is made from them is here.
 */

export const DEMO_PASSWORD = "Demo-Pass-2026";

export const DEMO_ACCOUNTS = catalogue.accounts as { email: string; role: Role; note: string }[];

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

/**
 * A demo upload: its font embedded, as in every PDF the service makes (docs/architecture.md §20). fontkit is loaded
 * here, when an empty database is seeded, not by every process at its start (0.4 s of CPU; the stamp's thread loads
 * its own).
 */
export async function demoPdf(title: string, lines: string[]) {
  const { default: fontkit } = await import("@pdf-lib/fontkit");
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(fontFile("Regular"), { subset: true });
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 20, font });
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 20, size: 12, font }));
  return pdf.save();
}

export type Person = { en: [string, string, string]; ar: [string, string, string] };

export const PEOPLE = catalogue.people as unknown as Record<string, Person>;

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

export interface ClientSeed {
  en: string;
  ar: string;
  address: { en: string; ar: string };
  sincera: boolean;
  attestation: boolean;
  category: 0 | 1;
  categories: CategorySeed[];
}

export const CLIENT_SEEDS = catalogue.clients as ClientSeed[];

export const sampleValue = (type: string, n: number) =>
  ({
    number: String(20180000 + n * 37),
    date: `20${18 + (n % 6)}-0${1 + (n % 9)}-1${n % 9}`,
    email: `person${n}@example.org`,
    phone: `07${String(90000000 + n * 1234).slice(0, 8)}`,
    textarea: "Needed for a job application abroad.",
  })[type] ?? `Sample ${n}`;

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
