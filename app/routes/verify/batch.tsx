import { VerifyBatchPage } from "~/components/verify/batch-page";
import { type Refused, statusOfRefusal, tooLarge } from "~/platform/outcome";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { getLocale } from "~/middleware/i18next.server";
import { BATCH_MAX_FILES, batchAsked, codesOf, verifyBatch } from "~/modules/verification/batch.server";
import { batchCsv } from "~/modules/verification/batch-export.server";
import { DOCUMENT_MAX_BYTES } from "~/modules/files/limits";
import { readUpload } from "~/platform/http/body.server";
import { env } from "~/platform/env.server";
import { plainPage } from "../public/plain-page.server";
import type { Route } from "./+types/batch";

/**
 * `/verify/batch` (docs/architecture.md §7): a script-free page for reviewers; the post answers the table, or with
 * `format=csv` the same rows as a download. No component: a resource route answering whole documents.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return plainPage(context, <VerifyBatchPage path={url.pathname} codes="" rows={null} error={null} />);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const path = url.pathname;
  const refuse = (codes: string, refusal: Refused) =>
    plainPage(
      context,
      <VerifyBatchPage path={path} codes={codes} rows={null} error={refusal.error} />,
      statusOfRefusal(refusal),
    );
  const upload = await readUpload(request, {
    maxFileSize: DOCUMENT_MAX_BYTES,
    maxFiles: BATCH_MAX_FILES,
    tooLarge: "validation.fileSizeMax5",
  });
  if (!upload.ok)
    return refuse("", upload.error === "validation.maxFiles5" ? tooLarge("verifyBatch.tooManyFiles") : upload);
  const text = String(upload.fields.get("codes") ?? "").slice(0, 10_000);
  const codes = codesOf(text);
  const files = upload.files.filter((file) => file.fieldName === "files" && file.bytes.byteLength > 0);
  const asked = batchAsked(codes.length, files.length);
  if (!asked.ok) return refuse(text, asked);
  const rows = await verifyBatch(
    getDb(),
    { codes, files },
    { ip: context.get(clientIpContext), userAgent: request.headers.get("User-Agent"), rateLimit: env.verifyRateLimit },
  );
  if (upload.fields.get("format") === "csv") return batchCsv(rows, getLocale(context));
  return plainPage(context, <VerifyBatchPage path={path} codes={text} rows={rows} error={null} />);
}
