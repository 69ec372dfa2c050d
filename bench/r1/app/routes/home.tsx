export const loader = () => ({ line: "One line, rendered by React Router." });

export default function Home({ loaderData }: { loaderData: { line: string } }) {
  return <p>{loaderData.line}</p>;
}
