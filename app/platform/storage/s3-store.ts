import type { Readable } from "node:stream";
import { loadedOnce } from "~/platform/loaded-once";
import { keyOfObjectName, objectName, ObjectMissing, StoreUnavailable, type ObjectStore } from "./store";

// The SDK says once, on stderr, that its releases after January 2027 want Node 22: the lock file pins this one, and
// the README says so; the line would break the JSON logs (docs/architecture.md §12).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/**
 * The AWS SDK, loaded when a bucket is first used rather than when a process starts: loading it took 0.3 s of CPU,
 * paid by every server process at every start, most of them storing files on disk (docs/architecture.md §11).
 */
const loadSdk = loadedOnce(() =>
  Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([client, storage]) => ({
    ...client,
    ...storage,
  })),
);

export interface S3Location {
  bucket: string;
  /** Objects are named `{prefix}ab/abcdef…`; empty, or ending in "/". */
  prefix: string;
}

/** `s3://BUCKET/PREFIX` as a bucket and a key prefix. */
export function s3LocationOf(url: string): S3Location {
  const parsed = new URL(url);
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+/, "");
  return { bucket: parsed.hostname, prefix: path && !path.endsWith("/") ? `${path}/` : path };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…), with the standard AWS variables: AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_REGION, and AWS_ENDPOINT_URL_S3 for a store of one's own (then path-style
 * addressing). A call that takes over `timeoutMs` fails, so a slow store answers the outage page rather than
 * holding the request (docs/decisions/0026).
 */
export function s3Store(
  url: string,
  { timeoutMs = 5_000, env = process.env }: { timeoutMs?: number; env?: Record<string, string | undefined> } = {},
): ObjectStore {
  const { bucket, prefix } = s3LocationOf(url);
  const endpoint = env.AWS_ENDPOINT_URL_S3 || undefined;
  const given = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY;
  const connected = loadedOnce(() =>
    loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: env.AWS_REGION || "us-east-1",
        endpoint,
        forcePathStyle: Boolean(endpoint),
        // Without keys in these settings, the SDK's own chain finds them (the environment, a profile, an instance role).
        credentials: given
          ? { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! }
          : undefined,
        maxAttempts: 2,
        requestHandler: { connectionTimeout: Math.min(timeoutMs, 2_000), requestTimeout: timeoutMs },
      }),
    })),
  );
  const location = `s3://${bucket}/${prefix}`;
  const nameOf = (key: string) => `${prefix}${objectName(key)}`;
  const unavailable = (error: unknown) => new StoreUnavailable(location, error);
  return {
    location,
    async put(key, bytes) {
      const { sdk, client } = await connected();
      try {
        // The SDK's managed upload: one request for a small file, parts of 5 MB for a large one.
        await new sdk.Upload({ client, params: { Bucket: bucket, Key: nameOf(key), Body: bytes } }).done();
      } catch (error) {
        throw unavailable(error);
      }
    },
    async get(key) {
      const { sdk, client } = await connected();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
        return await answer.Body!.transformToByteArray();
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && error.name === "NoSuchKey") throw new ObjectMissing(key);
        throw unavailable(error);
      }
    },
    async stream(key) {
      const { sdk, client } = await connected();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
        // In Node the SDK's body is the response's own stream (IncomingMessage), read as it arrives.
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && error.name === "NoSuchKey") throw new ObjectMissing(key);
        throw unavailable(error);
      }
    },
    async remove(key) {
      const { sdk, client } = await connected();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
      } catch (error) {
        throw unavailable(error);
      }
    },
    async *list() {
      const { sdk, client } = await connected();
      let token: string | undefined;
      do {
        const page = await client
          .send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
          .catch((error: unknown) => {
            throw unavailable(error);
          });
        for (const object of page.Contents ?? [])
          if (object.Key)
            yield {
              key: keyOfObjectName(object.Key),
              modifiedAt: object.LastModified ?? new Date(0),
              size: object.Size ?? 0,
            };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async ping() {
      const { sdk, client } = await connected();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
