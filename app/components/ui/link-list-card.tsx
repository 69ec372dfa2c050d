import type { ReactNode } from "react";
import { Card } from "./card";
import { LinkOrText } from "./link-or-text";

/**
 * A card that lists things (a person's latest requests, a request's documents, the bulk jobs): its heading, then the
 * items, or what it says when there are none.
 */
export function ItemsCard<Item extends { id: number | string }>({
  title,
  empty,
  testId,
  items,
  listClassName = "flex flex-col gap-1",
  itemClassName,
  heading,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  items: Item[];
  listClassName?: string;
  itemClassName?: string;
  /** What stands beside the heading (a link to the whole list). */
  heading?: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {heading}
      </div>
      {items.length === 0 ? (
        <p className="text-gray-11">{empty}</p>
      ) : (
        <ul className={listClassName} data-testid={testId}>
          {items.map((item) => (
            <li key={item.id} className={itemClassName}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A card of links to things' pages (plain text where the reader may not go). */
export function LinkListCard(props: {
  title: string;
  empty: string;
  testId: string;
  items: { id: number; label: string; href: string | null }[];
}) {
  return <ItemsCard {...props}>{(item) => <LinkOrText to={item.href}>{item.label}</LinkOrText>}</ItemsCard>;
}
