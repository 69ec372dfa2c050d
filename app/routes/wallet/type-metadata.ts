import { notFound } from "~/modules/access/require.server";
import { publicJson } from "~/modules/credentials/response.server";
import { typeMetadataOf } from "~/modules/wallet/metadata.server";
import { VCT_NAMES } from "~/modules/wallet/sd-jwt.server";
import type { Route } from "./+types/type-metadata";

/** SD-JWT VC Type Metadata of a document kind, at the URL that is its `vct` (docs/decisions/0027). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = (Object.keys(VCT_NAMES) as (keyof typeof VCT_NAMES)[]).find((key) => VCT_NAMES[key] === params.kind);
  if (!kind) throw notFound();
  return publicJson(typeMetadataOf(kind), "application/json", request, 3600);
}
