import { z } from "zod";
import { errorResponseSchema, successResponseOf } from "~/platform/api/schema";
import { env } from "~/platform/env.server";
import { TEXT_PATH_PARAMS, type Operation } from "./operation";

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), its named parts moved to `components`. */
function schemaOf(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const { $schema: _dialect, $defs, ...rest } = json;
  const relinked = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] ??= relinked(definition);
  return relinked(rest);
}

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed body or invalid fields (`VALIDATION_ERROR` lists each field with its message in both languages)",
  401: "No token, or an expired or revoked one",
  403: "The caller's role may not do this",
  404: "No such resource, or not the caller's (the same answer)",
  405: "Another method of this path",
  409: "The resource's state does not allow it",
  413: "The body is over this call's limit",
  415: "Not JSON (or, where taken, multipart/form-data)",
  429: "Too many calls: wait `Retry-After` seconds",
  500: "An unexpected failure",
  503: "The database cannot be reached for a moment: retry after `Retry-After` seconds",
};

/** The OpenAPI 3.1 document of the operations: every path, its schemas, examples and failures. */
export function openApiDocument(operations: Operation[]) {
  const components: Record<string, JsonSchema> = {};
  // The error shape has its own id, so its JSON Schema is a $ref and the shape itself lands in `components`.
  const errorRef = schemaOf(errorResponseSchema, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters: unknown[] = [];
    for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
      const schema = TEXT_PATH_PARAMS.has(match[1])
        ? { type: "string", pattern: "^[A-Za-z0-9-]{1,64}$" }
        : { type: "integer", minimum: 1 };
      parameters.push({
        name: match[1],
        in: "path",
        required: true,
        schema,
        example: operation.example.params?.[match[1]],
      });
    }
    if (operation.query) {
      const query = schemaOf(operation.query, "input", components) as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({
          name,
          in: "query",
          required: query.required?.includes(name) ?? false,
          schema,
          ...(operation.example.query?.[name] !== undefined ? { example: operation.example.query[name] } : {}),
        });
      }
    }
    // Every status the server can answer for this call: validation, tokens, another method of the path
    // (405), a body refused before it is read (413, 415), rate limits, failures and outages.
    const bodyFailures = operation.body ? [413, 415] : [];
    const failures = [
      ...new Set([
        400,
        ...(operation.public ? [] : [401]),
        ...(operation.failures ?? []),
        405,
        ...bodyFailures,
        429,
        500,
        503,
      ]),
    ].sort();
    const responses: Record<string, unknown> = {
      [String(operation.status ?? 200)]: {
        description: "Done",
        content: {
          "application/json": { schema: schemaOf(successResponseOf(operation.response), "output", components) },
        },
      },
    };
    for (const status of failures)
      responses[String(status)] = {
        description: STATUS_TEXT[status],
        content: { "application/json": { schema: errorRef } },
      };
    const content: Record<string, unknown> = {};
    if (operation.body)
      content["application/json"] = {
        schema: schemaOf(operation.body, "input", components),
        ...(operation.example.body !== undefined ? { example: operation.example.body } : {}),
      };
    if (operation.multipart) {
      const fields = schemaOf(operation.multipart.fields, "input", components) as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      content["multipart/form-data"] = {
        schema: {
          type: "object",
          properties: {
            ...fields.properties,
            [operation.multipart.file]: { type: "string", contentMediaType: "application/octet-stream" },
          },
          required: [...(fields.required ?? []), operation.multipart.file],
        },
      };
    }
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(operation.public ? { security: [] } : { "x-capabilities": operation.capabilities ?? [] }),
      "x-example-caller": operation.example.as,
      ...(parameters.length ? { parameters } : {}),
      ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Documents & Attestations API",
      version: "1.0.0",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "The calls of the product specification (section 7). Every answer is JSON: `{success: true, message: {english, arabic}, data}` or `{success: false, error: {code, message: {english, arabic}, details?}}`. Lists take `page` (from 0) and `size` (at most 100). Sign in with `POST /api/auth/login` and send `Authorization: Bearer <accessToken>`; cookies are not read. `x-capabilities` lists the capabilities of which the caller needs one (403 otherwise); `x-example-caller` names the demo account the example is written for.",
    },
    servers: [{ url: env.publicUrl }],
    security: [{ bearer: [] }],
    tags: [
      { name: "Auth", description: "Signing in for a bearer token pair, refreshing and ending it." },
      { name: "Document requests", description: "Beneficiaries' requests, as staff review, update and issue them." },
      { name: "Document categories", description: "What an organisation issues, with fees and validity." },
      { name: "Required fields", description: "The fields a category asks beneficiaries to fill in." },
      { name: "Verification", description: "Anyone verifies an issued document by its code, as on /verify/{code}." },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "The `accessToken` of `POST /api/auth/login`, valid 15 minutes; `POST /api/auth/refresh` rotates it.",
        },
      },
    },
  };
}
