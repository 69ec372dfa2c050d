import { href } from "react-router";

/** A category's children: its required fields and its supporting document types (same screens, two entities). */
export type ChildKind = "fields" | "types";

/** What the child screens say and where they link, for one kind, under one category. */
export const CHILD_KINDS = {
  fields: {
    title: "catalogue.requiredFields",
    add: "catalogue.addField",
    empty: "catalogue.noFields",
    testId: "required-fields",
  },
  types: {
    title: "catalogue.supportingDocuments",
    add: "catalogue.addSupporting",
    empty: "catalogue.noSupporting",
    testId: "supporting-types",
  },
} as const;

/** The links of a kind's screens, each keeping the category in `?documentCategoryId=` (docs/product.md, Catalogue). */
export function childLinks(kind: ChildKind, categoryId: number) {
  const query = `?documentCategoryId=${categoryId}`;
  const id = (value: number) => ({ id: String(value) });
  return kind === "fields"
    ? {
        list: href("/document-required-fields") + query,
        create: href("/document-required-fields/create") + query,
        detail: (row: number) => href("/document-required-fields/:id", id(row)) + query,
        edit: (row: number) => href("/document-required-fields/edit/:id", id(row)) + query,
      }
    : {
        list: href("/document-supporting-documents") + query,
        create: href("/document-supporting-documents/create") + query,
        detail: (row: number) => href("/document-supporting-documents/:id", id(row)) + query,
        edit: (row: number) => href("/document-supporting-documents/edit/:id", id(row)) + query,
      };
}
