// The access module (docs/architecture.md §15): import from here.
export * from "./capabilities";
export * from "./principal";
export * from "./areas";
export { principalContext, areaContext, ANONYMOUS } from "./context";
