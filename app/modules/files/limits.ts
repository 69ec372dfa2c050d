/**
 * The most a person uploads as one document, wherever the form (README, Security limits): a supporting document of a
 * request or its edit, a document to attest, a file checked against a verification. The spec's 5 MB; the document a
 * clerk issues has the spec's own 4 MB (ISSUE_MAX_BYTES).
 */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
