import { useTranslation } from "~/platform/i18n/react";
import { Form } from "~/components/forms/form-token";
import { Badge } from "~/components/ui/badge";

/** Required/Optional badge with the one-button toggle form (works without JS). */
export function RequiredToggle({
  id,
  isRequired,
  action,
  redirectTo,
}: {
  id: number;
  isRequired: boolean;
  action?: string;
  redirectTo?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant={isRequired ? "default" : "secondary"}>
        {isRequired ? t("catalogue.isRequired") : t("catalogue.optional")}
      </Badge>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={id} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <button type="submit" className="text-sm text-accent-11 underline">
          {isRequired ? t("catalogue.makeOptional") : t("catalogue.makeRequired")}
        </button>
      </Form>
    </>
  );
}
