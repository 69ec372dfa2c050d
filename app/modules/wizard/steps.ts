/** The wizard's steps, in order (apart from its schemas, which only the server needs: docs/decisions/0020). */
export const WIZARD_STEPS = ["client", "category", "fields", "documents", "review"] as const;
