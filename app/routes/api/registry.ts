import type { Operation } from "./operation";
import { authOperations } from "./operations/auth";
import { catalogueOperations } from "./operations/catalogue";
import { documentRequestOperations } from "./operations/document-requests";
import { verificationOperations } from "./operations/verification";

/** Every call of the JSON API: the dispatcher routes by this list and the OpenAPI document describes it. */
export const OPERATIONS: Operation[] = [
  ...authOperations,
  ...documentRequestOperations,
  ...catalogueOperations,
  ...verificationOperations,
];
