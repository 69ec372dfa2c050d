import type { Migration } from "kysely";
import * as initialSchema from "../../../migrations/2026-11-22T0001_initial_schema";
import * as sharedCounters from "../../../migrations/2026-11-22T0002_shared_counters_and_category_index";
import * as accountsMail from "../../../migrations/2026-11-22T0003_accounts_mail_and_notifications";
import * as attestationCancelled from "../../../migrations/2026-11-23T0004_attestation_cancelled";
import * as apiRefreshTokens from "../../../migrations/2026-11-23T0005_api_refresh_tokens";
import * as twoFactor from "../../../migrations/2026-11-23T0006_two_factor";
import * as feesAsBigint from "../../../migrations/2026-11-24T0007_fees_as_bigint";
import * as clientStatusCountIndex from "../../../migrations/2026-11-24T0008_client_status_count_index";
import * as secondFactorChallenges from "../../../migrations/2026-11-25T0009_second_factor_challenges";
import * as bilingualStaffValues from "../../../migrations/2026-11-27T0010_bilingual_staff_values";
import * as signingCredentials from "../../../migrations/2026-11-27T0011_signing_credentials";
import * as credentialKeys from "../../../migrations/2026-11-28T0012_credential_keys_and_hash_index";
import * as documentTemplates from "../../../migrations/2026-11-28T0013_document_templates";
import * as jobs from "../../../migrations/2026-11-29T0014_jobs";
import * as auditRequestId from "../../../migrations/2026-11-30T0015_audit_request_id";
import * as auditChain from "../../../migrations/2026-11-30T0016_audit_chain";
import * as sessionProviderMfa from "../../../migrations/2026-12-01T0017_session_provider_mfa";
import * as webhooks from "../../../migrations/2026-12-02T0018_webhooks";
import * as requestStatusCounts from "../../../migrations/2026-12-03T0019_request_status_counts";
import * as nationalIdIdentity from "../../../migrations/2026-12-04T0020_national_id_identity";
import * as issuerDids from "../../../migrations/2026-12-04T0021_issuer_dids_and_status_positions";
import * as issuedDocumentSources from "../../../migrations/2026-12-05T0022_issued_document_sources";
import * as walletOffers from "../../../migrations/2026-12-06T0023_wallet_offers_and_presentations";
import * as requestCountsByCategory from "../../../migrations/2026-12-07T0024_request_counts_by_category";

/**
 * Every migration, in order. Listed by hand so the same list works in the server bundle,
 * in vitest and in the tsx scripts (Node 20 cannot import TypeScript from a bundle at run time).
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T0001_initial_schema": initialSchema,
  "2026-11-22T0002_shared_counters_and_category_index": sharedCounters,
  "2026-11-22T0003_accounts_mail_and_notifications": accountsMail,
  "2026-11-23T0004_attestation_cancelled": attestationCancelled,
  "2026-11-23T0005_api_refresh_tokens": apiRefreshTokens,
  "2026-11-23T0006_two_factor": twoFactor,
  "2026-11-24T0007_fees_as_bigint": feesAsBigint,
  "2026-11-24T0008_client_status_count_index": clientStatusCountIndex,
  "2026-11-25T0009_second_factor_challenges": secondFactorChallenges,
  "2026-11-27T0010_bilingual_staff_values": bilingualStaffValues,
  "2026-11-27T0011_signing_credentials": signingCredentials,
  "2026-11-28T0012_credential_keys_and_hash_index": credentialKeys,
  "2026-11-28T0013_document_templates": documentTemplates,
  "2026-11-29T0014_jobs": jobs,
  "2026-11-30T0015_audit_request_id": auditRequestId,
  "2026-11-30T0016_audit_chain": auditChain,
  "2026-12-01T0017_session_provider_mfa": sessionProviderMfa,
  "2026-12-02T0018_webhooks": webhooks,
  "2026-12-03T0019_request_status_counts": requestStatusCounts,
  "2026-12-04T0020_national_id_identity": nationalIdIdentity,
  "2026-12-04T0021_issuer_dids_and_status_positions": issuerDids,
  "2026-12-05T0022_issued_document_sources": issuedDocumentSources,
  "2026-12-06T0023_wallet_offers_and_presentations": walletOffers,
  "2026-12-07T0024_request_counts_by_category": requestCountsByCategory,
};
