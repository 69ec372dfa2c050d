import { createElement, type ReactNode } from "react";

type Markup = [string, Record<string, unknown>, (Markup | string)[]];
declare global {
  var benchPage: (name: string) => Markup | null;
}

const render = (node: Markup | string, key?: number): ReactNode =>
  typeof node === "string"
    ? node
    : createElement(node[0], { ...node[1], key }, ...node[2].map((child, index) => render(child, index)));

export const loader = ({ params }: { params: { name?: string } }) => {
  if (!globalThis.benchPage(params.name ?? "")) throw new Response(null, { status: 404 });
  return { name: params.name! };
};

/** One of our pages' markup, rendered as plain elements: no data, hooks, links or translations. */
export default function Page({ loaderData }: { loaderData: { name: string } }) {
  return render(globalThis.benchPage(loaderData.name)!);
}
