/**
 * A clerk's journey written against types generated from our OpenAPI document by openapi-typescript
 * (`e2e/.tmp/api-client/schema.d.ts`, made by e2e/http/api-clients.spec.ts) and called through
 * openapi-fetch: if the document's types do not compile or do not describe the answers, this fails.
 * It is compiled on its own (tsc, strict) by that test, so the project's typecheck does not need the file.
 */
import createClient from "openapi-fetch";
import type { paths } from "../.tmp/api-client/schema";

export async function clerkJourney(baseUrl: string, credentials: { email: string; password: string }, pdfBase64: string) {
  const api = createClient<paths>({ baseUrl });
  const login = await api.POST("/api/auth/login", { body: credentials });
  if (!login.data) throw new Error(`sign-in: ${login.response.status} ${JSON.stringify(login.error)}`);
  const token: string = login.data.data.tokens.accessToken;
  const headers = { Authorization: `Bearer ${token}` };

  const list = await api.GET("/api/document-requests", { params: { query: { page: 0, size: 100 } }, headers });
  if (!list.data) throw new Error(`list: ${list.response.status}`);
  const pending = list.data.data.items.find((item) => item.status === "PENDING");
  if (!pending) throw new Error("no pending request");

  const approved = await api.PUT("/api/document-requests/update-status", { body: { requestId: pending.id, status: "APPROVED", securePlusEnabled: false, note: { english: "Checked." } }, headers });
  if (!approved.data) throw new Error(`approve: ${approved.response.status} ${JSON.stringify(approved.error)}`);

  const issued = await api.PUT("/api/document-requests/issue-document", {
    body: { requestId: pending.id, documentName: { english: "Graduation certificate", arabic: "شهادة تخرج" }, expirationDate: "2099-12-31", securePlusEnabled: false, base64Data: pdfBase64 },
    headers,
  });
  if (!issued.data) throw new Error(`issue: ${issued.response.status} ${JSON.stringify(issued.error)}`);
  const code: string = issued.data.data.issuedDocument.verificationCode;

  const verified = await api.GET("/api/verify/{code}", { params: { path: { code } } });
  if (!verified.data) throw new Error(`verify: ${verified.response.status}`);
  const unknown = await api.POST("/api/verify/{code}", { params: { path: { code: "ABCD-EFGH-JKMN-PQRS" } }, body: { pin: "123456" } });
  return {
    requestId: pending.id,
    code,
    verdict: verified.data.data.verdict,
    issuer: verified.data.data.document?.issuer.english,
    sha256: verified.data.data.document?.sha256,
    unknownStatus: unknown.response.status,
    unknownCode: unknown.error?.error.code,
  };
}
