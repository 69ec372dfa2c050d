import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import { useZodForm } from "~/components/forms/zod-form";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/field";
import { confirmNinSchema } from "~/modules/requests/schema";
import { useTranslation } from "~/platform/i18n/react";

/**
 * A clerk who has the person in front of them confirms the national ID this page shows (audited). The number goes
 * with the form: if it changed since the page was read, nothing is confirmed.
 */
export function ConfirmNinForm({ nin, lastResult }: { nin: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(confirmNinSchema, { id: "confirm-nin", lastResult, shouldValidate: "onSubmit" });
  return (
    <Card>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" preventScrollReset>
        <h2 className="text-base font-semibold">{t("identity.confirm.title")}</h2>
        <input type="hidden" name="intent" value="confirmNin" />
        <input type="hidden" name="nin" value={nin} />
        <CheckboxField
          name={fields.seen.name}
          label={t("identity.confirm.seen", { nin })}
          hint={t("identity.confirm.hint")}
          errors={fields.seen.errors}
          errorId={fields.seen.errorId}
          aria-invalid={fields.seen.errors ? true : undefined}
          aria-describedby={fields.seen.errors ? fields.seen.errorId : undefined}
        />
        <div>
          <Button type="submit" variant="soft" disabled={navigation.state === "submitting"}>
            {t("identity.confirm.button")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
