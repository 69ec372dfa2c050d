import { redirect, href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { readForm } from "~/platform/http/body.server";
import { PresentFormPage } from "~/components/verify/present-page";
import { DISCLOSABLE_CLAIMS } from "~/modules/wallet/sd-jwt.server";
import { PRESENTATION_KINDS, createPresentationRequest } from "~/modules/wallet/presentations.server";
import { presentationQuerySchema } from "~/modules/wallet/schema";
import { plainPage } from "../public/plain-page.server";
import type { Route } from "./+types/present";

/**
 * `/verify/present` (docs/decisions/0027): a reviewer asks a wallet for a document, without script; the post makes
 * the request and goes to its page.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const path = url.pathname;
  return plainPage(
    context,
    <PresentFormPage path={path} claims={DISCLOSABLE_CLAIMS} kinds={PRESENTATION_KINDS} error={null} />,
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = presentationQuerySchema.safeParse({ kind: form.get("kind"), claims: form.getAll("claims") });
  if (!parsed.success)
    return plainPage(
      context,
      <PresentFormPage
        path={url.pathname}
        claims={DISCLOSABLE_CLAIMS}
        kinds={PRESENTATION_KINDS}
        error="present.chooseClaims"
      />,
      400,
    );
  const key = await createPresentationRequest(getDb(), parsed.data);
  return redirect(href("/verify/present/:key", { key }), 303);
}
