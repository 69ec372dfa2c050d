import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { VerifyShell } from "~/components/verify/verify-shell";
import { normalizeCode } from "~/modules/verification/code";
import type { Route } from "./+types/verify-form";

export const handle = { noScript: true };

/** `/verify`: one field; a GET form, so it works in any browser and the result has its own URL. */
export async function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code");
  if (typed === null) return { typed: "", invalid: false };
  const code = normalizeCode(typed);
  if (code) throw redirect(`/verify/${code}`);
  return data({ typed: typed.slice(0, 40), invalid: true }, { status: 400 });
}

export default function VerifyForm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("verify.title")}>
      <h1>{t("verify.title")}</h1>
      <p>{t("verify.intro")}</p>
      <form method="get" action="/verify" className="v-card">
        <label htmlFor="code">{t("verify.codeLabel")}</label>
        <input
          type="text"
          id="code"
          name="code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={loaderData.typed}
          aria-invalid={loaderData.invalid || undefined}
          aria-describedby="code-hint"
        />
        <p id="code-hint" className="v-hint">
          {t("verify.codeHint")}
        </p>
        {loaderData.invalid ? <p className="v-msg v-bad" role="alert">{t("verify.invalidCode")}</p> : null}
        <button type="submit" className="v-btn">
          {t("verify.submit")}
        </button>
      </form>
    </VerifyShell>
  );
}
