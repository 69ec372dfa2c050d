import { fileResponse } from "~/modules/files/response.server";
import { readStoredFile } from "~/modules/files/storage.server";
import { reviewersCopy } from "./reviewers-copy.server";
import type { Route } from "./+types/document";

/** The issued PDF for a reviewer, on the document's own terms. */
export async function loader(args: Route.LoaderArgs) {
  return reviewersCopy(args, async (document) =>
    fileResponse(await readStoredFile(document), {
      name: `${document.document_name_en}.pdf`,
      mimeType: document.mime_type,
    }),
  );
}
