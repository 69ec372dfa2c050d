import { fieldTypeOf } from "~/modules/catalogue/field-types";
import { useCalendar } from "~/utils/calendar";
import { formatDate } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";

/**
 * What a beneficiary filled in a required field, as the page shows it: a date (kept as YYYY-MM-DD) like every other
 * date of the page, in the reader's language and calendar; anything else as typed, isolated from the page's direction.
 */
export function FieldValue({ type, value }: { type: string | undefined; value: string | undefined }) {
  const { i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  if (!value) return <>—</>;
  if (type !== undefined && fieldTypeOf(type) === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return <time dateTime={value}>{formatDate(`${value}T00:00:00.000Z`, i18n.language, calendar)}</time>;
  return <bdi>{value}</bdi>;
}
