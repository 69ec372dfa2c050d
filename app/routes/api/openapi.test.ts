import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.server";
import { OPERATIONS } from "./registry";

const document = openApiDocument(OPERATIONS);
type OperationObject = {
  operationId: string;
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  "x-capabilities"?: string[];
};
const operationsOf = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, value]) => ({ path, method, ...(value as OperationObject) })),
  );

/** docs/architecture.md §18, call by call (method and path). */
const SPEC_CALLS = [
  "GET /api/document-requests",
  "GET /api/document-requests/by-beneficiary",
  "GET /api/document-requests/beneficiary-requests",
  "GET /api/document-requests/by-client",
  "GET /api/document-requests/by-document-category",
  "GET /api/document-requests/beneficiary",
  "POST /api/document-requests/create",
  "POST /api/document-requests/beneficiary",
  "PUT /api/document-requests/{id}",
  "PUT /api/document-requests/update-document-uploaded",
  "PUT /api/document-requests/update-status",
  "PUT /api/document-requests/change-status",
  "PUT /api/document-requests/issue-document",
  "DELETE /api/document-requests/{id}",
  "GET /api/document-categories",
  "GET /api/document-categories/client",
  "GET /api/document-categories/category",
  "POST /api/document-categories",
  "PUT /api/document-categories/update",
  "DELETE /api/document-categories/delete",
  "GET /api/document-required-fields",
  "GET /api/document-required-fields/by-category",
  "GET /api/document-required-fields/field",
  "POST /api/document-required-fields",
  "PUT /api/document-required-fields/update",
  "PUT /api/document-required-fields/is-required",
  "DELETE /api/document-required-fields/delete",
];

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents every operation the API answers, and every call of docs/architecture.md §18 plus the detail and the auth calls", () => {
    const documented = operationsOf().map((entry) => `${entry.method.toUpperCase()} ${entry.path}`);
    expect(documented.sort()).toEqual(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort());
    for (const call of [
      ...SPEC_CALLS,
      "GET /api/document-requests/{id}",
      "POST /api/auth/login",
      "POST /api/auth/refresh",
      "POST /api/auth/logout",
    ])
      expect(documented).toContain(call);
    expect(new Set(operationsOf().map((entry) => entry.operationId)).size).toBe(OPERATIONS.length);
  });

  it("names who may call each operation, and the issue call takes JSON and a multipart upload", () => {
    for (const operation of OPERATIONS.filter((entry) => !entry.public))
      expect(operation.capabilities?.length, operation.id).toBeGreaterThan(0);
    const issue = operationsOf().find((entry) => entry.operationId === "issueDocument")!;
    expect(Object.keys(issue.requestBody!.content).sort()).toEqual(["application/json", "multipart/form-data"]);
    expect(issue.requestBody!.content["application/json"].schema).toMatchObject({
      required: expect.arrayContaining(["requestId", "documentName", "base64Data"]),
      properties: { expirationDate: expect.anything(), securePlusEnabled: expect.anything() },
    });
  });

  it("gives every body an example that its own schema accepts", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat("base64", /^[A-Za-z0-9+/]*={0,2}$/);
    ajv.addSchema({ $id: "doc", components: document.components });
    const withBody = operationsOf().filter((entry) => entry.requestBody?.content["application/json"]);
    expect(withBody.length).toBeGreaterThan(10);
    for (const entry of withBody) {
      const { schema, example } = entry.requestBody!.content["application/json"];
      const validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')),
      );
      expect(
        validate(
          JSON.parse(
            JSON.stringify(example).replace('"{refreshToken}"', '"a-refresh-token-of-forty-characters-xxxxx"'),
          ),
        ),
        `${entry.operationId}: ${JSON.stringify(validate.errors)}`,
      ).toBe(true);
    }
  });
});
