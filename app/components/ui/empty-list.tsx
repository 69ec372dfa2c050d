import { useTranslation } from "~/utils/i18n";
import { ButtonLink } from "./button";
import { Card } from "./card";

/** An empty list: why it is empty (nothing yet, or nothing matches the search) and how to add one. */
export function EmptyList({ searched, message, addHref, addLabel }: { searched: boolean; message: string; addHref: string; addLabel: string }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-start gap-3" data-testid="empty">
      <p className="text-gray-11">{searched ? t("catalogue.emptySearch") : message}</p>
      <ButtonLink to={addHref}>{addLabel}</ButtonLink>
    </Card>
  );
}
