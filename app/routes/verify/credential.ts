import { getDb } from "~/platform/db/db.server";
import { credentialOf } from "~/modules/credentials/service.server";
import { credentialResponse } from "~/modules/credentials/response.server";
import { reviewersCopy } from "./reviewers-copy.server";
import type { Route } from "./+types/credential";

/** A document's verifiable credential for a reviewer, on the document's own terms, like the PDF. */
export async function loader(args: Route.LoaderArgs) {
  return reviewersCopy(args, async (document, code) => {
    const made = await credentialOf(getDb(), document.id);
    return credentialResponse(made!.credential, code, { private: false });
  });
}
