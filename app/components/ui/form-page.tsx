import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { useTranslation } from "~/platform/i18n/react";
import { Button } from "./button";
import { Card } from "./card";
import { PageTitle } from "./page-title";

/** A create/edit screen: title, back link, and a POST form (works without JS) ending with Save. */
export function FormPage<Schema extends Record<string, unknown>, FormError>({
  title,
  back,
  form,
  children,
  intro,
  submitLabel,
  encType,
  before,
}: {
  title: string;
  back: { href: string; label: string };
  form: FormMetadata<Schema, FormError>;
  children: ReactNode;
  intro?: string;
  submitLabel?: string;
  /** multipart/form-data for a form with a file. */
  encType?: "multipart/form-data";
  /** What the form changes, shown above it (a current setting). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={back.href} className="text-sm text-accent-11 underline">
        {back.label}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro ? <p className="text-gray-11">{intro}</p> : null}
      {before}
      <Card>
        <Form
          method="post"
          encType={encType}
          {...getFormProps(form)}
          noValidate
          className="grid grid-cols-1 gap-4 md:grid-cols-2"
        >
          {children}
          <div className="md:col-span-2">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {submitLabel ?? t("catalogue.save")}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
