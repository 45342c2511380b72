import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import type { S3Storage } from '../config';

/*
 * A real S3-compatible server for the file store tests: s3rver (npm, a Koa server speaking
 * the S3 REST API over HTTP, objects as files in a folder, AWS Signature V4 checked against
 * its one account S3RVER/S3RVER), started in-process on a free port of 127.0.0.1 with a
 * throw-away folder and one bucket. Starts in a few milliseconds.
 */

export type S3TestServer = {
  /** The bucket's settings as FileStorage wants them (path style, no prefix). */
  storage: S3Storage;
  /** The same as environment variables (useTestApp's `env`). */
  env: Record<string, string>;
  /** The keys of the bucket's objects under a prefix (ListObjectsV2), sorted. */
  listKeys: (prefix: string) => Promise<string[]>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
};

/** s3rver's built-in account; it refuses requests signed with other keys. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'fahrwerk-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const storage: S3Storage = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    prefix: '',
  };
  return {
    storage,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: storage.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async listKeys(prefix) {
      const client = new AwsClient({
        accessKeyId: ACCESS_KEY,
        secretAccessKey: ACCESS_KEY,
        service: 's3',
        region: storage.region,
        retries: 0,
      });
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      const response = await client.fetch(`${storage.endpoint}/${bucket}?${query}`);
      const text = await response.text();
      if (!response.ok) throw new Error(`ListObjectsV2 answered ${response.status}: ${text}`);
      return [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? '').sort();
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
