import { access, constants, mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { FileStorage, S3Storage } from '../config';
import { unescapeXml } from '../lib/xml';

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
  /**
   * The keys of the shape the FileStore gives (`<school>/<uuid>`) whose bytes were last written
   * before `before` — what the orphan sweep (file-sweep.ts) compares with the rows. Anything
   * else in the folder or the bucket (another prefix, another application's objects) is not
   * listed, so it is never touched.
   */
  list: (before: Date) => AsyncIterable<string>;
  /**
   * Throws a `FileStorageError` saying what to fix when the folder cannot be written or the
   * bucket cannot be reached with the configured keys (the server checks at start, so a wrong
   * setting stops it there instead of failing the first upload).
   */
  check: () => Promise<void>;
};

/** The file storage is not usable as configured; the message says why and what to set. */
export class FileStorageError extends Error {
  override name = 'FileStorageError';
}

/** A storage key as `FileStore.save` makes them: the school's id and a random UUID. */
export const STORAGE_KEY = /^[0-9]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

    async check() {
      try {
        await mkdir(resolvedRoot, { recursive: true });
        await access(resolvedRoot, constants.W_OK);
      } catch (error) {
        throw new FileStorageError(
          `Der Dateiordner ${resolvedRoot} ist nicht beschreibbar / the files folder cannot be written: ${(error as Error).message}. Check DATA_DIR and its permissions.`,
        );
      }
    },

    async *list(before) {
      const schools = await readdir(resolvedRoot, { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      for (const school of schools) {
        if (!school.isDirectory() || !/^[0-9]+$/.test(school.name)) continue;
        const folder = path.join(resolvedRoot, school.name);
        for (const name of await readdir(folder)) {
          const key = `${school.name}/${name}`;
          if (!STORAGE_KEY.test(key)) continue;
          // Gone since the folder was read (removed by another instance): nothing to list.
          const info = await stat(path.join(folder, name)).catch(() => null);
          if (info?.isFile() && info.mtime < before) yield key;
        }
      }
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

/** The URL of the bucket itself (for ListObjectsV2), in the same style as `s3ObjectUrl`. */
export function s3BucketUrl(storage: S3Storage): string {
  const endpoint = new URL(storage.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  return storage.forcePathStyle
    ? `${endpoint.origin}${basePath}/${storage.bucket}`
    : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}${basePath}/`;
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

    // HeadBucket: the bucket is there and the keys may list it (s3:ListBucket, see README).
    async check() {
      const bucket = `S3 bucket ${storage.bucket} at ${storage.endpoint}`;
      let response: Response;
      try {
        response = await client.fetch(s3BucketUrl(storage), { method: 'HEAD' });
      } catch (error) {
        throw new FileStorageError(
          `${bucket} is not reachable: ${(error as Error).message}. Check S3_ENDPOINT.`,
        );
      }
      await response.body?.cancel();
      if (response.ok) return;
      const why: Record<number, string> = {
        301: 'it is in another region: set S3_REGION (or S3_ENDPOINT) to the region of the bucket',
        400: 'the request was refused: check S3_REGION and S3_FORCE_PATH_STYLE',
        403: 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may list the bucket (s3:ListBucket)',
        404: 'no such bucket: create it first (the server does not) or fix S3_BUCKET',
      };
      throw new FileStorageError(
        `${bucket} answered ${response.status}: ${why[response.status] ?? 'check the S3_* settings'}.`,
      );
    },

    // ListObjectsV2 under the prefix, a page (up to 1,000 keys) at a time.
    async *list(before) {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: storage.prefix });
        if (token) query.set('continuation-token', token);
        const response = await client.fetch(`${s3BucketUrl(storage)}?${query}`, { method: 'GET' });
        if (!response.ok) throw await s3Error(response, 'LIST', where(''));
        const page = await response.text();
        for (const [, entry = ''] of page.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const objectKey = unescapeXml(/<Key>([^<]*)<\/Key>/.exec(entry)?.[1] ?? '');
          const modified = Date.parse(
            /<LastModified>([^<]*)<\/LastModified>/.exec(entry)?.[1] ?? '',
          );
          if (!objectKey.startsWith(storage.prefix)) continue;
          const key = objectKey.slice(storage.prefix.length);
          if (STORAGE_KEY.test(key) && modified < before.getTime()) yield key;
        }
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(page);
        token = truncated
          ? unescapeXml(
              /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(page)?.[1] ?? '',
            )
          : undefined;
      } while (token);
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
