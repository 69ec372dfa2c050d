/** What an organisation's systems can be told of (docs/decisions/0019). */
export const WEBHOOK_EVENTS = [
  "request.created",
  "request.status_changed",
  "document.issued",
  "document.revoked",
  "attestation.decided",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The events an audit action tells of: every change already writes one audit event in its transaction, so the
 * deliveries are queued there, with it, and a change without its event (or the reverse) cannot happen.
 */
const EVENTS_OF_ACTION: Record<string, WebhookEvent[]> = {
  "request.create": ["request.created"],
  "request.status": ["request.status_changed"],
  "request.withdraw": ["request.status_changed"],
  "request.issue": ["document.issued"],
  "request.bulk_issue": ["document.issued"],
  "request.revoke": ["document.revoked"],
  "attestation.revoke": ["document.revoked"],
  "attestation.approve": ["attestation.decided", "document.issued"],
  "attestation.reject": ["attestation.decided"],
};

export const webhookEventsOf = (action: string): WebhookEvent[] => EVENTS_OF_ACTION[action] ?? [];
