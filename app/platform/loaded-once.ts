/**
 * A library loaded when first needed and kept: a large one imported at the top of a module is loaded by every
 * process at its start, whether or not it ever uses it (docs/architecture.md §11: a server's start was mostly
 * loading modules). Concurrent first calls share the one load.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
