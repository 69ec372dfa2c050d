import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps are UTC ISO-8601 text; booleans are 0/1 integers (mapped in app/platform/db/values.ts). */
type CreatedAt = ColumnType<string, string | undefined, never>;
type UpdatedAt = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

export const ROLES = ["SUPER_ADMIN", "SERVICE_ADMIN", "CLIENT_ADMIN", "CLERK", "BENEFICIARY"] as const;
export type Role = (typeof ROLES)[number];
export type UserStatus = "ACTIVE" | "INACTIVE";
export const REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED", "COMPLETED"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type ReviewStatus = "PENDING" | "APPROVED" | "REJECTED";
export const ATTESTATION_STATUSES = ["PENDING", "APPROVED", "REJECTED", "CANCELLED"] as const;
export type AttestationStatus = (typeof ATTESTATION_STATUSES)[number];
export const ENTITY_TYPES = [
  "USERS",
  "CLIENTS",
  "DOCUMENTS",
  "DOCUMENT_REQUESTS",
  "DOCUMENT_CATEGORIES",
  "DOCUMENT_ATTESTATION",
  "DOCUMENT_SUPPORTING_DOCUMENTS",
  "DOCUMENT_REQUIREMENTS",
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

import { CALENDARS, type Calendar } from "~/utils/calendars";
export { CALENDARS, type Calendar };

/** How a national ID was verified: by the national digital identity, or by staff who saw the person. */
export type NinVerification = "NATIONAL_ID" | "IN_PERSON";

/** A row with a numeric id and the time it was made. */
interface Row {
  id: Generated<number>;
  created_at: CreatedAt;
}

/** A row that is edited after it is made. */
interface EditableRow extends Row {
  updated_at: UpdatedAt;
}

export interface UsersTable extends EditableRow {
  email: string;
  password_hash: string;
  role: Role;
  first_name_en: string;
  first_name_ar: string;
  middle_name_en: string | null;
  middle_name_ar: string | null;
  father_name_en: string | null;
  father_name_ar: string | null;
  last_name_en: string;
  last_name_ar: string;
  phone: string | null;
  nin: string | null;
  /** Held by several accounts before national IDs were unique (migration 0020): kept, shown to the super admin. */
  nin_duplicate: Flag;
  /** When the national ID was verified (docs/decisions/0022); null: not verified. Changing it un-verifies it. */
  nin_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  nin_verified_method: ColumnType<NinVerification | null, NinVerification | null | undefined, NinVerification | null>;
  /** The staff member who saw the person, and for which organisation (IN_PERSON only). */
  nin_verified_by: ColumnType<number | null, number | null | undefined, number | null>;
  nin_verified_client_id: ColumnType<number | null, number | null | undefined, number | null>;
  sincera: Flag;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  /** The language of their mails. */
  locale: ColumnType<Locale, Locale | undefined, Locale>;
  /** The calendar of the dates they read; null follows their language (docs/architecture.md §9). */
  calendar: ColumnType<Calendar | null, Calendar | null | undefined, Calendar | null>;
  last_sign_in_at: string | null;
  /** RFC 6238 secret (base32): set while enrolling, in use once `totp_enabled_at` is set. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The time step of the last code taken: a code is good once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Single-use recovery codes of two-factor sign-in: only their SHA-256. */
export interface RecoveryCodesTable extends Row {
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A sign-in between its password and its second factor: used once (migration 0009). */
export interface SecondFactorChallengesTable {
  token_hash: string;
  user_id: number;
  redirect_to: string;
  expires_at: string;
  used_at: string | null;
}

/** Whether a role must use two-factor sign-in (set by the super admin). */
export interface TwoFactorPolicyTable {
  role: Role;
  required: Flag;
}

/** A mail's and a user's language: the languages of platform/i18n/languages.ts. */
export type Locale = "ar" | "en";

export type AccountTokenPurpose = "RESET_PASSWORD" | "INVITE";

/** Single-use links sent by mail; only the SHA-256 of the token is kept. */
export interface AccountTokensTable extends Row {
  user_id: number;
  purpose: AccountTokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  kind: ColumnType<"WEB" | "API", "WEB" | "API" | undefined, never>;
  created_at: CreatedAt;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  /** API tokens: the SHA-256 of the refresh token and when it expires. */
  refresh_hash: ColumnType<string | null, string | null | undefined, never>;
  refresh_expires_at: ColumnType<string | null, string | null | undefined, never>;
  /** Opened by single sign-on whose provider checked a second factor (docs/decisions/0018). */
  provider_mfa: ColumnType<number, number | undefined, never>;
}

/** An organisation's webhook endpoint (docs/decisions/0019). */
export interface WebhookEndpointsTable extends Row {
  client_id: number;
  url: string;
  /** JSON list of event types. */
  events: string;
  secret_sealed: string;
  status: ColumnType<"ACTIVE" | "DISABLED", "ACTIVE" | "DISABLED" | undefined, "ACTIVE" | "DISABLED">;
  failing_since: string | null;
  created_by: number | null;
}

/** One event for one endpoint, sent until it is answered 2xx. */
export interface WebhookDeliveriesTable extends Row {
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  status: ColumnType<"PENDING" | "DELIVERED", "PENDING" | "DELIVERED" | undefined, "PENDING" | "DELIVERED">;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<string, string | undefined, string>;
  last_attempt_at: string | null;
  last_status: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

/** Requests by organisation, category and status, as of the last roll-up of the deltas (docs/decisions/0021). */
export interface RequestStatusCountsTable {
  client_id: number;
  document_category_id: number;
  status: string;
  n: number;
}

/** What a request's insert, status change or deletion added to the counts since the last roll-up (a trigger writes it). */
export interface RequestStatusDeltasTable {
  id: Generated<number>;
  client_id: number;
  document_category_id: number;
  status: string;
  change: number;
}

export interface ClientCategoriesTable extends EditableRow {
  name_en: string;
  name_ar: string;
  description_en: ColumnType<string, string | undefined, string>;
  description_ar: ColumnType<string, string | undefined, string>;
  fee: number;
  currency: string;
  validity_period_days: number;
  client_id: number | null;
}

export interface ClientsTable extends EditableRow {
  name_en: string;
  name_ar: string;
  address_en: string | null;
  address_ar: string | null;
  can_do_sincera: Flag;
  can_do_attestation: Flag;
  client_category_id: number;
  client_admin_id: number | null;
}

export interface ClientAdminsTable extends Row {
  user_id: number;
  client_id: number | null;
  job_title: string;
  /** JSON list of strings. */
  permissions: ColumnType<string, string | undefined, string>;
  can_do_attestation: Flag;
}

export interface ClerksTable extends Row {
  user_id: number;
  client_id: number;
  job_title: string | null;
}

export interface DocumentCategoriesTable extends EditableRow {
  client_id: number;
  name_en: string;
  name_ar: string;
  description_en: ColumnType<string, string | undefined, string>;
  description_ar: ColumnType<string, string | undefined, string>;
  /** Minor units of `currency`. */
  fee: number;
  currency: string;
  validity_period_days: number;
}

export interface DocumentRequiredFieldsTable extends EditableRow {
  document_category_id: number;
  name_en: string;
  name_ar: string;
  field_name: string;
  field_type: string;
  is_required: Flag;
}

export interface SupportingDocumentTypesTable extends EditableRow {
  document_category_id: number;
  document_type_en: string;
  document_type_ar: string;
  description_en: ColumnType<string, string | undefined, string>;
  description_ar: ColumnType<string, string | undefined, string>;
  is_required: Flag;
}

export interface FilesTable extends Row {
  sha256: string;
  size: number;
  mime_type: string;
  original_name: string;
  storage_key: string;
  total_pages: number | null;
  created_by: number | null;
}

export interface AttachmentsTable extends Row {
  entity_type: EntityType;
  reference_entity_id: number;
  document_name: string;
  file_id: number;
  supporting_document_type_id: number | null;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
}

export interface RequestDraftsTable {
  id: Generated<number>;
  beneficiary_id: number;
  step: Flag;
  client_id: number | null;
  document_category_id: number | null;
  /** JSON object: field name to value. */
  fields: ColumnType<string, string | undefined, string>;
  request_message: ColumnType<string, string | undefined, string>;
  secure_plus_enabled: Flag;
  updated_at: UpdatedAt;
}

export interface DocumentRequestsTable extends EditableRow {
  beneficiary_id: number;
  client_id: number;
  document_category_id: number;
  status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  secure_plus_enabled: Flag;
  request_message: ColumnType<string, string | undefined, string>;
  status_note_en: string | null;
  status_note_ar: string | null;
}

export interface RequestFieldValuesTable {
  id: Generated<number>;
  request_id: number;
  field_name: string;
  field_value: string;
}

export interface IssuedDocumentsTable extends Row {
  kind: "REQUEST" | "ATTESTATION";
  request_id: number | null;
  attestation_id: number | null;
  category_id: number | null;
  client_id: number;
  issuer_id: number;
  beneficiary_id: number;
  document_name_en: string;
  document_name_ar: string;
  file_id: number;
  /** The file it was made from (the clerk's upload, or the drawn template); null for an attestation (its own file_id). */
  source_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  total_pages: Flag;
  expiry_date: string;
  document_hash: string;
  verification_code: string;
  /** Its bit in the status lists (list = floor / STATUS_LIST_LENGTH + 1), drawn at random when issued. */
  status_position: ColumnType<number | null, number | null | undefined, never>;
  secure_plus_enabled: Flag;
  access_pin_hash: string | null;
  status: ColumnType<"VALID" | "REVOKED", "VALID" | "REVOKED" | undefined, "VALID" | "REVOKED">;
  revoked_at: string | null;
  revoked_by: number | null;
  revocation_reason_en: string | null;
  revocation_reason_ar: string | null;
}

export interface VerificationEventsTable {
  id: Generated<number>;
  issued_document_id: number | null;
  at: CreatedAt;
  outcome: "VALID" | "EXPIRED" | "REVOKED" | "NOT_FOUND";
  ip_hash: string | null;
  user_agent: string | null;
}

export interface AttestationsTable extends EditableRow {
  beneficiary_id: number;
  client_id: number;
  document_name: string;
  description: ColumnType<string, string | undefined, string>;
  file_id: number;
  status: ColumnType<AttestationStatus, AttestationStatus | undefined, AttestationStatus>;
  reviewer_id: number | null;
  review_note_en: string | null;
  review_note_ar: string | null;
  secure_plus_enabled: Flag;
  reviewed_at: string | null;
}

export interface PublicAnnouncementsTable extends EditableRow {
  client_id: number;
  author_id: number;
  slug: string;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  status: ColumnType<"DRAFT" | "PUBLISHED", "DRAFT" | "PUBLISHED" | undefined, "DRAFT" | "PUBLISHED">;
  published_at: string | null;
}

export interface NotificationsTable extends Row {
  user_id: number;
  title_en: string;
  title_ar: string;
  body_en: ColumnType<string, string | undefined, string>;
  body_ar: ColumnType<string, string | undefined, string>;
  link: string | null;
  read_at: string | null;
  kind: string | null;
}

export type OutboxStatus = "PENDING" | "SENT" | "FAILED";

/** Mail written in the transaction of the change that causes it, delivered by the sender (docs/architecture.md §17). */
export interface EmailOutboxTable extends Row {
  to_address: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string | null;
  locale: ColumnType<Locale, Locale | undefined, Locale>;
  /** The calendar of the dates they read; null follows their language (docs/architecture.md §9). */
  calendar: ColumnType<Calendar | null, Calendar | null | undefined, Calendar | null>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<string, string | undefined, string>;
  last_error: string | null;
  sent_at: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_user_id: number | null;
  actor_role: Role | null;
  client_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  ip: string | null;
  /** JSON object. */
  details: ColumnType<string, string | undefined, never>;
  /** The request that made it (its X-Request-Id, in the log lines too); null outside a request. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  /** The chain (docs/architecture.md §22): the hash of the event before, and this one's (app/modules/audit/chain.ts). */
  previous_hash: ColumnType<string | null, string | null | undefined, never>;
  hash: ColumnType<string | null, string | null | undefined, never>;
}

/** Fixed-window counters shared by every worker process (rate limits, SecurePlus PIN attempts). */
export interface RateLimitsTable {
  key: string;
  /** Milliseconds since the epoch. */
  window_start: number;
  count: number;
}

/** An organisation's signing key and certificate; client_id null: the deployment's authority (docs/architecture.md §20). */
export const PAGE_SIZES = ["A4", "LETTER"] as const;
export const ORIENTATIONS = ["PORTRAIT", "LANDSCAPE"] as const;

export interface DocumentTemplatesTable extends Row {
  category_id: number;
  page_size: (typeof PAGE_SIZES)[number];
  orientation: (typeof ORIENTATIONS)[number];
  logo_file_id: number | null;
  signature_file_id: number | null;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  updated_by: number | null;
  updated_at: ColumnType<string, string | undefined, string>;
}

export const JOB_STATUSES = ["RUNNING", "DONE", "CANCELLED"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Long work done by every server's runners (docs/architecture.md §21): a bulk issuance. */
export interface JobsTable extends Row {
  /** Which handler does its items (`BULK_ISSUE`). */
  kind: string;
  /** Whose it is: the staff of this client see it (null: the super admin's only). */
  client_id: number | null;
  category_id: number | null;
  created_by: number;
  /** What it is to people: a bulk issuance's file name. */
  title: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  total_items: number;
  /** When it started, or was last resumed by "try again": its rate counts from here. */
  started_at: ColumnType<string, string | undefined, string>;
  finished_at: string | null;
}

export type JobItemStatus = "PENDING" | "DONE" | "FAILED";

/** One item of a job (a line of a bulk file): its input and, once done, its result, both JSON. */
export interface JobItemsTable {
  id: Generated<number>;
  job_id: number;
  /** Its place in the job (a bulk file's line number). */
  position: number;
  data: string;
  status: ColumnType<JobItemStatus, JobItemStatus | undefined, JobItemStatus>;
  /** The server that holds it, until when: a claim that runs out lets another take the item. */
  claimed_by: string | null;
  claimed_until: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  result: string | null;
  /** The locale key of why it failed. */
  error: string | null;
  finished_at: string | null;
}

export interface CredentialKeysTable extends Row {
  client_id: number | null;
  public_key_multibase: string;
  /** The Ed25519 secret key (multibase), sealed with AES-256-GCM under SIGNING_KEY_SECRET. */
  secret_key_sealed: string;
  /** 1: the key of the organisation's own DID; 0: a method of the deployment's DID (earlier credentials, status lists). */
  own_did: ColumnType<number, number | undefined, number>;
}

/** A credential offer to a wallet (docs/decisions/0027): redeemed once, before it expires. */
export interface WalletOffersTable extends Row {
  issued_document_id: number;
  created_by: number;
  /** SHA-256 of the pre-authorized code. */
  code_hash: string;
  /** The code and the transaction code, sealed: the holder's page shows the offer again while it lives. */
  offer_sealed: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  expires_at: string;
  redeemed_at: ColumnType<string | null, string | null | undefined, string | null>;
  access_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  access_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A nonce a wallet signs its proof of possession over: used once. */
export interface WalletNoncesTable extends Row {
  nonce_hash: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A verifier's request to a wallet (OpenID4VP): answered once; its result is what the verifier's page shows. */
export interface PresentationRequestsTable extends Row {
  response_key_hash: string;
  view_key_hash: string;
  /** The request's nonce and the keys, sealed. */
  request_sealed: string;
  /** What was asked: the document kind and the claims. */
  query_json: string;
  expires_at: string;
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  result_json: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SigningCredentialsTable extends Row {
  client_id: number | null;
  certificate_pem: string;
  /** The PKCS#8 PEM, sealed with AES-256-GCM under SIGNING_KEY_SECRET. */
  private_key_sealed: string;
}

export interface Database {
  signing_credentials: SigningCredentialsTable;
  credential_keys: CredentialKeysTable;
  wallet_offers: WalletOffersTable;
  wallet_nonces: WalletNoncesTable;
  presentation_requests: PresentationRequestsTable;
  document_templates: DocumentTemplatesTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  users: UsersTable;
  sessions: SessionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  request_status_counts: RequestStatusCountsTable;
  request_status_deltas: RequestStatusDeltasTable;
  client_categories: ClientCategoriesTable;
  clients: ClientsTable;
  client_admins: ClientAdminsTable;
  clerks: ClerksTable;
  document_categories: DocumentCategoriesTable;
  document_required_fields: DocumentRequiredFieldsTable;
  supporting_document_types: SupportingDocumentTypesTable;
  files: FilesTable;
  attachments: AttachmentsTable;
  request_drafts: RequestDraftsTable;
  document_requests: DocumentRequestsTable;
  request_field_values: RequestFieldValuesTable;
  issued_documents: IssuedDocumentsTable;
  verification_events: VerificationEventsTable;
  attestations: AttestationsTable;
  public_announcements: PublicAnnouncementsTable;
  notifications: NotificationsTable;
  email_outbox: EmailOutboxTable;
  account_tokens: AccountTokensTable;
  audit_events: AuditEventsTable;
  rate_limits: RateLimitsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  two_factor_policy: TwoFactorPolicyTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
