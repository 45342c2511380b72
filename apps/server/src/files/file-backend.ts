import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { FileStorage, S3Storage } from '../config';

/**
 * Where the bytes of the stored files live, by storage key (`<school>/<uuid>`). The
 * FileStore above it keeps the rows (name, type, size, SHA-256) and checks what comes back;
 * a backend only moves bytes.
 */
export type FileBackend = {
  /** For log lines: which folder or bucket. */
  readonly description: string;
  /** Stores the bytes under a new key. `sha256` is their hex digest (the row's). */
  put: (key: string, bytes: Buffer, sha256: string) => Promise<void>;
  /** The bytes as they come, or null when nothing is stored under the key. */
  get: (key: string) => Promise<AsyncIterable<Uint8Array> | null>;
  /** Removes the bytes; a key with nothing under it is no error. */
  delete: (key: string) => Promise<void>;
};

/** The configured backend: the folder `<DATA_DIR>/files` or an S3-compatible bucket. */
export function createFileBackend(dataDir: string, storage: FileStorage): FileBackend {
  return storage.kind === 's3'
    ? createS3Backend(storage)
    : createLocalBackend(path.join(dataDir, 'files'));
}

/** Files under `root/<key>`, written once (`wx`): a key is never overwritten. */
export function createLocalBackend(root: string): FileBackend {
  const resolvedRoot = path.resolve(root);
  const pathOf = (key: string) => {
    const resolved = path.resolve(resolvedRoot, key);
    if (!resolved.startsWith(resolvedRoot + path.sep)) {
      throw new Error(`Storage key outside the file store: ${key}`);
    }
    return resolved;
  };

  return {
    description: `folder ${resolvedRoot}`,

    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx' });
    },

    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        // The stream closes the handle when it ends or is destroyed (a reader that stops early).
        return handle.createReadStream();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Object keys are ours (`<school>/<uuid>`) behind a configured prefix of the same characters. */
const SAFE_KEY = /^[A-Za-z0-9._/-]+$/;

/**
 * The URL of an object: `<endpoint>/<bucket>/<key>` (path style, what MinIO, Garage, Ceph and
 * most self-hosted servers expect) or `<scheme>://<bucket>.<endpoint host>/<key>` (virtual-
 * hosted style, AWS's default).
 */
export function s3ObjectUrl(storage: S3Storage, key: string): string {
  const objectKey = `${storage.prefix}${key}`;
  if (!SAFE_KEY.test(objectKey) || objectKey.split('/').some((part) => part === '..')) {
    throw new Error(`Storage key not allowed for S3: ${objectKey}`);
  }
  const endpoint = new URL(storage.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  return storage.forcePathStyle
    ? `${endpoint.origin}${basePath}/${storage.bucket}/${objectKey}`
    : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}${basePath}/${objectKey}`;
}

/**
 * An S3-compatible bucket over plain HTTP requests signed with AWS Signature V4 (aws4fetch,
 * Node's fetch). Uploads send their SHA-256 as the signed payload hash, so a server that checks
 * it (AWS, MinIO, …) refuses bytes changed on the way; the FileStore checks every read.
 * 5xx and 429 answers are tried again (three attempts).
 */
export function createS3Backend(storage: S3Storage): FileBackend {
  const client = new AwsClient({
    accessKeyId: storage.accessKeyId,
    secretAccessKey: storage.secretAccessKey,
    service: 's3',
    region: storage.region,
    retries: 2,
  });
  const where = (key: string) => `s3://${storage.bucket}/${storage.prefix}${key}`;

  return {
    description: `S3 bucket ${storage.bucket} at ${storage.endpoint}${storage.prefix ? ` (prefix ${storage.prefix})` : ''}`,

    async put(key, bytes, sha256) {
      const response = await client.fetch(s3ObjectUrl(storage, key), {
        method: 'PUT',
        // A Buffer is an ArrayBufferView; its type only allows a SharedArrayBuffer beneath.
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: {
          'Content-Type': 'application/octet-stream',
          'X-Amz-Content-Sha256': sha256,
          'X-Amz-Meta-Sha256': sha256,
        },
      });
      if (!response.ok) throw await s3Error(response, 'PUT', where(key));
      await response.body?.cancel();
    },

    async get(key) {
      const response = await client.fetch(s3ObjectUrl(storage, key), { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await s3Error(response, 'GET', where(key));
      return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    },

    async delete(key) {
      const response = await client.fetch(s3ObjectUrl(storage, key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) {
        throw await s3Error(response, 'DELETE', where(key));
      }
      await response.body?.cancel();
    },
  };
}

/** An error naming the request and S3's own code and message (`<Error><Code>…`). */
async function s3Error(response: Response, method: string, where: string): Promise<Error> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return new Error(
    `S3 ${method} ${where} answered ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
  );
}
