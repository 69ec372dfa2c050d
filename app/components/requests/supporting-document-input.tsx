import { useTranslation } from "~/platform/i18n/react";
import { isolate, pick } from "~/utils/format";

interface SupportingType {
  id: number;
  document_type_en: string;
  document_type_ar: string;
  description_en: string;
  description_ar: string;
  is_required: number;
}

/** One file input per supporting document type, with what is attached and any error (wizard and edit). */
export function SupportingDocumentInput({
  type,
  attachedName,
  error,
  removable = false,
}: {
  type: SupportingType;
  attachedName?: string;
  error?: string;
  removable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const id = `document-${type.id}`;
  return (
    <div className="flex flex-col gap-1 rounded-md border border-gray-6 p-3">
      <label htmlFor={id} className="font-medium">
        {pick(lng, type.document_type_en, type.document_type_ar)} (
        {type.is_required ? t("wizard.required") : t("wizard.optional")})
      </label>
      <p className="text-sm text-gray-11">{pick(lng, type.description_en, type.description_ar)}</p>
      {attachedName ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-green-11" data-testid={`attached-${type.id}`}>
            {t("wizard.attached", { name: isolate(attachedName) })}
          </span>
          {removable ? (
            <button type="submit" name="intent" value={`remove:${type.id}`} className="text-red-11 underline">
              {t("wizard.remove")}
            </button>
          ) : null}
          <span className="text-gray-11">{t("wizard.replaceHint")}</span>
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        name={`document.${type.id}`}
        accept=".pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.gif"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="text-sm"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-11">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
