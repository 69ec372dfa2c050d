import { isolate } from "~/utils/format";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { href } from "react-router";
import { PublicShell } from "~/components/layout/public-shell";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { useTranslation } from "~/platform/i18n/react";
import { openApiDocument } from "./openapi.server";
import { OPERATIONS } from "./registry";
import type { Route } from "./+types/docs";

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  example?: unknown;
}

/** `/api/docs`: the OpenAPI document for humans, rendered on the server (no script, works without JS). */
export function loader() {
  const document = openApiDocument(OPERATIONS);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, value]) => {
      const operation = value as {
        operationId: string;
        tags: string[];
        summary: string;
        description?: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { example?: unknown }> };
        responses: Record<string, { description: string }>;
        security?: unknown[];
      };
      return {
        id: operation.operationId,
        tag: operation.tags[0],
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description ?? "",
        open: Array.isArray(operation.security),
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          example: parameter.example === undefined ? "" : String(parameter.example),
        })),
        bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
        example:
          operation.requestBody?.content["application/json"]?.example === undefined
            ? null
            : JSON.stringify(
                operation.requestBody.content["application/json"].example,
                (key, item) => (typeof item === "string" && item.length > 80 ? `${item.slice(0, 40)}…` : item),
                2,
              ),
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description,
        })),
      };
    }),
  );
  return {
    title: document.info.title,
    description: document.info.description,
    operations,
    tags: document.tags.map((tag) => tag.name),
  };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { operations, tags } = loaderData;
  return (
    <PublicShell>
      <PageTitle title={t("api.docs.title")} />
      <div className="flex flex-col gap-6" lang="en" dir="ltr">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold">{loaderData.title}</h1>
          <p className="text-gray-11">{loaderData.description}</p>
          <p>
            <a href={href("/api/*", { "*": "openapi.json" })} className="text-accent-11 underline">
              {t("api.docs.openApi")}
            </a>
          </p>
        </header>
        <nav aria-label={t("api.docs.contents")}>
          <ul className="columns-1 gap-6 text-sm sm:columns-2">
            {operations.map((operation) => (
              <li key={operation.id}>
                {/* A line of its own at least 24 px tall: a target a finger can take (WCAG 2.5.8). */}
                <a href={`#${operation.id}`} className="inline-block py-1 text-accent-11 underline">
                  <code>{operation.method}</code> {operation.path}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {tags.map((tag) => (
          <section key={tag} className="flex flex-col gap-3" aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`} className="text-xl font-semibold">
              {tag}
            </h2>
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <Card key={operation.id} className="flex flex-col gap-2">
                  <h3 id={operation.id} className="font-mono text-sm font-semibold">
                    {operation.method} {operation.path}
                  </h3>
                  <p>{operation.summary}</p>
                  {operation.description ? <p className="text-sm text-gray-11">{operation.description}</p> : null}
                  <p className="text-sm">{operation.open ? t("api.docs.noToken") : t("api.docs.bearer")}</p>
                  {operation.parameters.length ? (
                    <ScrollRegion
                      label={t("api.docs.parametersOf", {
                        operation: isolate(`${operation.method} ${operation.path}`),
                      })}
                    >
                      <table className="text-sm">
                        <caption className="text-start font-medium">{t("api.docs.parameters")}</caption>
                        <tbody>
                          {operation.parameters.map((parameter) => (
                            <tr key={`${parameter.in}-${parameter.name}`}>
                              <td className="pe-4 font-mono">{parameter.name}</td>
                              <td className="pe-4 text-gray-11">
                                {parameter.in}
                                {parameter.required ? ` · ${t("api.docs.required")}` : ""}
                              </td>
                              <td className="font-mono">{parameter.example}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </ScrollRegion>
                  ) : null}
                  {operation.bodyTypes.length ? (
                    <p className="text-sm">{t("api.docs.body", { types: operation.bodyTypes.join(", ") })}</p>
                  ) : null}
                  {operation.example ? (
                    <ScrollRegion
                      label={t("api.docs.example", { operation: isolate(`${operation.method} ${operation.path}`) })}
                    >
                      <pre dir="ltr" className="rounded bg-gray-2 p-3 text-xs">
                        {operation.example}
                      </pre>
                    </ScrollRegion>
                  ) : null}
                  <ul className="text-sm">
                    {operation.responses.map((response) => (
                      <li key={response.status}>
                        <code>{response.status}</code> {response.description}
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
          </section>
        ))}
      </div>
    </PublicShell>
  );
}
