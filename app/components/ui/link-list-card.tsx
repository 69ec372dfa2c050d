import { Card } from "./card";
import { LinkOrText } from "./link-or-text";

/**
 * A card that names what belongs to the page's record (a client's people and categories, a category's
 * clients): each a link where the viewer's area has its page, plain text where it has none.
 */
export function LinkListCard({
  title,
  empty,
  testId,
  items,
}: {
  title: string;
  empty: string;
  testId: string;
  items: { id: number; label: string; href: string | null }[];
}) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="text-gray-11">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid={testId}>
          {items.map((item) => (
            <li key={item.id}>
              <LinkOrText to={item.href}>{item.label}</LinkOrText>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
