/** The kinds of object an audit event is about (`entity_type`), for the trail's filter (page and server). */
export const AUDITED_OBJECTS = [
  "DOCUMENT_REQUESTS",
  "DOCUMENT_ATTESTATION",
  "USERS",
  "CLIENTS",
  "CLIENT_CATEGORIES",
  "DOCUMENT_CATEGORIES",
  "DOCUMENT_SUPPORTING_DOCUMENTS",
  "PUBLIC_ANNOUNCEMENTS",
  "WEBHOOK_ENDPOINTS",
] as const;
