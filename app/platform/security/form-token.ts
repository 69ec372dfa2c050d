/** The hidden field that carries a form's anti-forgery token (form-token.server.ts, docs/decisions/0012). */
export const FORM_TOKEN_FIELD = "_formToken";
