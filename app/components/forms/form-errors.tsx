import { translateMessage } from "~/platform/forms/messages";
import { useTranslation } from "~/platform/i18n/react";
import { Callout } from "~/components/ui/callout";

/** Errors that belong to the whole form (wrong credentials, email taken...). */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id}>
      <Callout tone="error">{errors.map((error) => translateMessage(t, error)).join(" ")}</Callout>
    </div>
  );
}
