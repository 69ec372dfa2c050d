// s3rver ships no types (its DefinitelyTyped package is for an older major); what the tests use of it.
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      port: number;
      address: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
