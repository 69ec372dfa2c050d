/**
 * A clerk's or client admin's stored record with their client's flags, as the access module reads it (the client's
 * columns are null until one is assigned).
 */
export interface StaffRecord {
  client_id: number | null;
  name_en: string | null;
  name_ar: string | null;
  can_do_sincera: number | null;
  can_do_attestation: number | null;
  permissions: string;
  admin_can_do_attestation: number | null;
}
