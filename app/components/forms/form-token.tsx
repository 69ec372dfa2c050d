import { createContext, useContext, type ComponentProps } from "react";
import { Form as RouterForm } from "react-router";
import { FORM_TOKEN_FIELD } from "~/platform/security/form-token";

/** This page's anti-forgery token (the root loader's, or the plain pages' renderer's). */
export const FormTokenContext = createContext("");

/** The hidden token field; every form that posts carries it (docs/decisions/0012). */
export function FormTokenField() {
  const token = useContext(FormTokenContext);
  return token ? <input type="hidden" name={FORM_TOKEN_FIELD} value={token} /> : null;
}

/** React Router's Form with the token field: the one Form of the app (ESLint refuses the bare one). */
export function Form({ children, ...props }: ComponentProps<typeof RouterForm>) {
  const posts = (props.method ?? "get").toLowerCase() !== "get";
  return (
    <RouterForm {...props}>
      {posts ? <FormTokenField /> : null}
      {children}
    </RouterForm>
  );
}
