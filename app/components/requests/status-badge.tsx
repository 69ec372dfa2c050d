import { useTranslation } from "react-i18next";
import { Badge, type BadgeVariant } from "~/components/ui/badge";

const variants: Record<string, BadgeVariant> = {
  PENDING: "secondary",
  APPROVED: "default",
  REJECTED: "destructive",
  COMPLETED: "success",
};

/** Spec section 4: Pending secondary, Approved default, Rejected destructive, anything else 'Unknown'. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const variant = variants[status];
  return <Badge variant={variant ?? "warning"}>{variant ? t(`status.${status}`) : t("status.unknown")}</Badge>;
}
