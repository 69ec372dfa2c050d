import { notFound } from "~/modules/access/require.server";

/** Not built yet (issue 9, point 4): answers 404 inside the area's shell. */
export async function loader() {
  throw notFound();
}

export default function Pending() {
  return null;
}
