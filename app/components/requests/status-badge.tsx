import { useTranslation } from "~/platform/i18n/react";
import { Badge, type BadgeVariant } from "~/components/ui/badge";

const variants: Record<string, BadgeVariant> = {
  PENDING: "secondary",
  APPROVED: "default",
  REJECTED: "destructive",
  COMPLETED: "success",
  // An attestation the beneficiary withdrew.
  CANCELLED: "warning",
  // Public announcements.
  DRAFT: "secondary",
  PUBLISHED: "success",
};

/** docs/product.md, Requests: Pending secondary, Approved default, Rejected destructive, anything else 'Unknown'. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const variant = variants[status];
  return <Badge variant={variant ?? "warning"}>{variant ? t(`status.${status}`) : t("status.unknown")}</Badge>;
}

/** docs/product.md, Requests: an uploaded document is APPROVED (default badge) or anything else (secondary). */
export function AttachmentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={status === "APPROVED" ? "default" : "secondary"}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
