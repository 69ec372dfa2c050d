import { idOf } from "~/platform/db/values";
import { getDb } from "~/platform/db/db.server";
import { inScope } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { fileOwners, findFile } from "~/modules/files/queries.server";
import { fileResponse } from "~/modules/files/response.server";
import { streamStoredFile } from "~/modules/files/storage.server";
import type { Route } from "./+types/file";

/**
 * `/files/{id}`: a stored file, for those whose scope holds one of its owners (a request, an attestation,
 * an issued document, the user's own draft); others get the 404 of a file that does not exist (docs/architecture.md §8, §15).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "file:read");
  const db = getDb();
  const id = idOf(params.id);
  const file = Number.isInteger(id) ? await findFile(db, id) : undefined;
  const { requestAttachment, draftAttachment, issued, attestation } = file ? await fileOwners(db, file.id) : {};
  const owner = [requestAttachment, issued, attestation, draftAttachment].find(
    (candidate) => candidate && inScope(principal, candidate),
  );
  requirePermission(principal, "file:read", owner && file ? owner : null);
  const stream = await streamStoredFile(file!);
  const download = url.searchParams.has("download");
  return fileResponse(
    { stream, size: file!.size },
    { name: file!.original_name, mimeType: file!.mime_type, inline: !download },
  );
}
