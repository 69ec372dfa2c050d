import { useTranslation } from "~/platform/i18n/react";
import { ButtonLink } from "./button";
import { Card } from "./card";

/**
 * An empty list: why it is empty (nothing yet, or nothing matches the search or filter: `searchedMessage`,
 * by default the catalogue's) and how to add one (when the user may).
 */
export function EmptyList({
  searched,
  message,
  searchedMessage,
  addHref,
  addLabel,
}: {
  searched: boolean;
  message: string;
  searchedMessage?: string;
  addHref?: string | null;
  addLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-start gap-3" data-testid="empty">
      <p className="text-gray-11">{searched ? (searchedMessage ?? t("catalogue.emptySearch")) : message}</p>
      {addHref ? <ButtonLink to={addHref}>{addLabel}</ButtonLink> : null}
    </Card>
  );
}
