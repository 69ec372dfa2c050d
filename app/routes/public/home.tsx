import { href } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { PublicShell } from "~/components/layout/public-shell";
import { principalContext } from "~/modules/access";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.get(principalContext).userId !== null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <PageTitle />
      <section className="flex flex-col gap-4 py-6">
        <h1 className="text-3xl font-bold">{t("home.title")}</h1>
        <p className="max-w-2xl text-lg text-gray-11">{t("home.intro")}</p>
        <div className="flex flex-wrap gap-3">
          {loaderData.signedIn ? (
            <ButtonLink to={href("/dashboard")}>{t("home.goToDashboard")}</ButtonLink>
          ) : (
            <>
              <ButtonLink to={href("/login")}>{t("home.signIn")}</ButtonLink>
              <ButtonLink to={href("/register")} variant="outline">
                {t("home.register")}
              </ButtonLink>
            </>
          )}
          <ButtonLink to={href("/verify")} variant="soft" reloadDocument>
            {t("home.verify")}
          </ButtonLink>
        </div>
      </section>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {(["stepRequest", "stepIssue", "stepVerify"] as const).map((step, index) => (
          <li key={step}>
            <Card className="h-full">
              <p className="text-2xl font-bold text-accent-9">{index + 1}</p>
              <p className="mt-1">{t(`home.${step}`)}</p>
            </Card>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-gray-11">{t("home.verifyIntro")}</p>
    </PublicShell>
  );
}
