// oidc-provider ships no types; the tests use its constructor, callback, interaction helpers and Grant.
declare module "oidc-provider" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Provider: any;
  export default Provider;
}
