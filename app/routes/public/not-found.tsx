import { notFound } from "~/modules/access/require.server";

export async function loader() {
  throw notFound();
}

export async function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
