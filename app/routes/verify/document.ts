import { fileResponse } from "~/modules/files/response.server";
import { streamStoredFile } from "~/modules/files/storage.server";
import { reviewersCopy } from "./reviewers-copy.server";
import type { Route } from "./+types/document";

/** The issued PDF for a reviewer, on the document's own terms. */
export async function loader(args: Route.LoaderArgs) {
  return reviewersCopy(args, async (document) =>
    fileResponse(
      { stream: await streamStoredFile(document), size: document.size },
      {
        name: `${document.document_name_en}.pdf`,
        mimeType: document.mime_type,
      },
    ),
  );
}
