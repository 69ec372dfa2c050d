import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/react";
import { Link, href, useNavigation } from "react-router";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { LanguageSwitch } from "./language-switch";
import { SiteFooter } from "./version-switch";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";

/** Header and frame of the public pages (home, login, register). */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#content" className="sr-only focus:not-sr-only">
        {t("app.skipToContent")}
      </a>
      <header className="border-b border-gray-5 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to={href("/")} className="min-w-0 font-bold leading-tight text-accent-11">
            {t("app.name")}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A public page of one card (sign in, register, reset a password): its title, an intro, then what it asks. */
export function PublicCard({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <PublicShell>
      <PageTitle title={title} />
      <Card className={`mx-auto ${wide ? "max-w-2xl" : "max-w-md"}`}>
        <h1 className={`${intro ? "mb-2" : "mb-4"} text-2xl font-bold`}>{title}</h1>
        {intro ? <p className="mb-4 text-gray-11">{intro}</p> : null}
        {children}
      </Card>
    </PublicShell>
  );
}

/**
 * The form of a public card: a post without script, its form-wide errors first, then its fields, then the one
 * button, which waits while the post is on its way.
 */
export function PublicForm<Schema extends Record<string, unknown>>({
  form,
  submit,
  className = "gap-4",
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submit: string;
  className?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={`flex flex-col ${className}`}>
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      <Button type="submit" disabled={navigation.state === "submitting"}>
        {submit}
      </Button>
    </Form>
  );
}

/** A way on from a card (back to sign in, ask again), with the words that lead to it. */
export function CardLink({ to, label, lead }: { to: string; label: string; lead?: string }) {
  return (
    <p className={`mt-4 text-sm ${lead ? "text-gray-11" : ""}`}>
      {lead ? <>{lead} </> : null}
      <Link to={to} className="text-accent-11 underline">
        {label}
      </Link>
    </p>
  );
}
