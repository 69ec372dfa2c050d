import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { requireUser } from "~/middleware/guard.server";
import { canOpenFile } from "~/modules/files/access.server";
import { findFile } from "~/modules/files/queries.server";
import { fileResponse } from "~/modules/files/response.server";
import { readStoredFile } from "~/modules/files/storage.server";
import type { Route } from "./+types/file";

/** `/files/{id}`: a stored file, only for those who may see its owner; others get 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = getDb();
  const id = Number(params.id);
  const file = Number.isInteger(id) ? await findFile(db, id) : undefined;
  if (!file || !(await canOpenFile(db, user, file.id))) throw data({ reason: "not-found" }, { status: 404 });
  const bytes = await readStoredFile(file.storage_key);
  const download = new URL(request.url).searchParams.has("download");
  return fileResponse(bytes, { name: file.original_name, mimeType: file.mime_type, inline: !download });
}
