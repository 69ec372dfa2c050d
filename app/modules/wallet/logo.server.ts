import type { DB } from "~/platform/db/db.server";
import { readStoredFile } from "~/modules/files/storage.server";
import { organisationLogoFile, walletOrganisations } from "./queries.server";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * An organisation's logo for wallets (docs/decisions/0027): the one it uploaded for its documents, or a monogram of
 * its Arabic and English initials when it has none. Undefined: no such organisation.
 */
export async function organisationLogo(db: DB, clientId: number) {
  const uploaded = await organisationLogoFile(db, clientId);
  if (uploaded) return { bytes: await readStoredFile(uploaded), type: uploaded.mime_type };
  const organisation = (await walletOrganisations(db)).find((candidate) => candidate.id === clientId);
  if (!organisation) return undefined;
  const initials = `${[...organisation.name_ar.trim()][0] ?? ""} ${[...organisation.name_en.trim()][0] ?? ""}`.trim();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img"><title>${escapeXml(
    `${organisation.name_ar} · ${organisation.name_en}`,
  )}</title><circle cx="48" cy="48" r="48" fill="#0d5c63"/><text x="48" y="60" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#ffffff">${escapeXml(initials)}</text></svg>`;
  return { bytes: new TextEncoder().encode(svg), type: "image/svg+xml" };
}
