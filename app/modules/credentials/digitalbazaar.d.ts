// The Digital Bazaar credential libraries ship JavaScript without types: what this service uses of them.
declare module "@digitalbazaar/vc" {
  type Loader = (url: string) => Promise<{ documentUrl: string; document: unknown }>;
  export function issue(options: { credential: object; suite: unknown; documentLoader: Loader }): Promise<object>;
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: Loader;
    checkStatus?: unknown;
    now?: Date;
  }): Promise<{
    verified: boolean;
    error?: unknown;
    statusResult?: { verified: boolean; results?: { status: boolean }[] };
  }>;
}
declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: unknown;
}
declare module "@digitalbazaar/ed25519-multikey" {
  interface KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): unknown;
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, string> & { id: string; publicKeyMultibase: string; secretKeyMultibase?: string }>;
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<KeyPair>;
  export function from(key: object): Promise<KeyPair>;
  export function toJwk(options: { keyPair: KeyPair; secretKey?: boolean }): Promise<Record<string, string>>;
}
declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, object>;
}
declare module "@digitalbazaar/vc-bitstring-status-list" {
  interface List {
    setStatus(index: number, status: boolean): void;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<List>;
  export function createCredential(options: {
    id: string;
    list: List;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export const checkStatus: unknown;
}
