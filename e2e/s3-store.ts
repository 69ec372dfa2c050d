import S3rver from "s3rver";

/**
 * An S3-compatible store of its own on 127.0.0.1 (s3rver, from npm) for tests of servers that share no disk, and the
 * settings that point a server at it (the standard AWS variables, path-style through AWS_ENDPOINT_URL_S3).
 */
export async function startS3(port: number, directory: string, buckets = ["files"]) {
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => server.close(),
    /** The settings of a server whose files live under `prefix` in one of this store's buckets. */
    settings: (prefix: string, bucket = buckets[0]) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      AWS_REGION: "us-east-1",
    }),
  };
}
