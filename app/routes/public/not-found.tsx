import { data } from "react-router";

export async function loader() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export async function action() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
