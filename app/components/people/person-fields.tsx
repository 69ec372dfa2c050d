import { BilingualFields } from "~/components/forms/bilingual-fields";
import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n/react";
import { inputProps } from "~/components/forms/conform";
import { Field } from "~/components/ui/field";
import { CLIENT_ADMIN_PERMISSIONS } from "~/modules/access";
import { ContactFields } from "~/components/forms/contact-fields";
import { SelectField } from "~/components/forms/select-field";
import { pick } from "~/utils/format";

type Form = Record<string, unknown>;
type Text = FieldMetadata<string | undefined, Form, string[]>;
type Bilingual = FieldMetadata<{ english?: string; arabic?: string }, Form, string[]>;

/** Translation key of a client-admin permission (i18next reads ':' as a namespace separator). */
export const permissionLabel = (permission: string) => `admin.permissionLabels.${permission.replace(":", "_")}`;

/** docs/product.md, Rules and messages, "Admin form": names in both languages, email, phone, national id and password. */
export function AdminFields({
  fields: { firstName, lastName, email, phone, nin, password },
  editing,
}: {
  fields: { firstName: Bilingual; lastName: Bilingual; email: Text; phone: Text; nin: Text; password: Text };
  editing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BilingualFields
        field={firstName}
        english={t("auth.fields.firstNameEnglish")}
        arabic={t("auth.fields.firstNameArabic")}
        autoComplete="off"
      />
      <BilingualFields
        field={lastName}
        english={t("auth.fields.lastNameEnglish")}
        arabic={t("auth.fields.lastNameArabic")}
        autoComplete="off"
      />
      <ContactFields email={email} phone={phone} nin={nin} own={false} />
      <Field
        label={t("auth.fields.password")}
        dir="ltr"
        autoComplete="new-password"
        hint={t(editing ? "admin.passwordKeepHint" : "admin.passwordOptional")}
        {...inputProps(password, "password")}
      />
    </>
  );
}

/** docs/product.md, Rules and messages, "Client admin": job title, canDoAttestation and the permissions (docs/architecture.md §15). */
export function ClientAdminFields({
  jobTitle,
  canDoAttestation,
  permissions,
}: {
  jobTitle: Text;
  canDoAttestation: FieldMetadata<boolean | undefined, Form, string[]>;
  permissions: FieldMetadata<string[] | undefined, Form, string[]>;
}) {
  const { t } = useTranslation();
  const chosen = new Set([permissions.initialValue ?? []].flat());
  return (
    <>
      <Field label={t("admin.jobTitle")} autoComplete="off" {...inputProps(jobTitle, "text")} />
      <label className="flex items-center gap-2 self-end pb-2">
        <input type="checkbox" name={canDoAttestation.name} defaultChecked={canDoAttestation.initialValue === "on"} />
        <span>{t("admin.canDoAttestation")}</span>
      </label>
      <fieldset
        className="flex flex-col gap-2 md:col-span-2"
        aria-describedby={permissions.errors ? permissions.errorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t("admin.permissions")}</legend>
        {CLIENT_ADMIN_PERMISSIONS.map((permission) => (
          <label key={permission} className="flex items-center gap-2">
            <input type="checkbox" name={permissions.name} value={permission} defaultChecked={chosen.has(permission)} />
            <span>{t(permissionLabel(permission))}</span>
          </label>
        ))}
        {permissions.errors ? (
          <p id={permissions.errorId} className="text-sm text-red-11">
            {t(permissions.errors[0])}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** A clerk's job title (optional) and, when the user may choose (the super admin), their client. */
export function ClerkFields({
  jobTitle,
  clientId,
  clients,
}: {
  jobTitle: Text;
  clientId: FieldMetadata<number | undefined, Form, string[]>;
  clients: { id: number; name_en: string; name_ar: string }[] | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Field label={t("admin.jobTitleOptional")} autoComplete="off" {...inputProps(jobTitle, "text")} />
      {clients ? (
        <SelectField
          field={clientId}
          label={t("profile.client")}
          placeholder={t("admin.chooseClient")}
          options={clients.map((client) => ({
            id: client.id,
            label: pick(i18n.language, client.name_en, client.name_ar),
          }))}
        />
      ) : null}
    </>
  );
}
