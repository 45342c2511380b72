import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, fieldError } from './errors';

/** The largest file one upload may carry (the contract's FileUpload says 20 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type UploadedFile = {
  field: string;
  fileName: string;
  /**
   * The media type of the content, as its bytes show (magic numbers); for content without
   * a signature the client's word when it is plain text or CSV, else
   * `application/octet-stream`. Never the client's word for anything a browser renders.
   * `uploadedFile` refuses a file whose content contradicts what the client said.
   */
  mimeType: string;
  /** What the client said (the part's Content-Type); only compared, never stored. */
  claimedType: string;
  /** The type the bytes show, when they show one. */
  detectedType: string | undefined;
  bytes: Buffer;
};

declare module 'fastify' {
  // Module augmentation needs an interface (a type alias cannot merge).
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging
  interface FastifyRequest {
    /** The files of a multipart request, read into memory (at most MAX_UPLOAD_BYTES each). */
    uploads?: UploadedFile[];
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging
  interface FastifyContextConfig {
    /** The operation declares a `multipart/form-data` body. */
    multipart?: boolean;
  }
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'errors.file_too_large',
    `The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    [],
    ['errors.file_too_large'],
  );

/** A multipart body that cannot be read (no boundary, cut off, broken part headers). */
export const malformedMultipart = (detail?: string) =>
  new AppError(
    422,
    'errors.malformed_body',
    `The multipart/form-data body is malformed${detail ? ` (${detail})` : ''}.`,
  );

/** @fastify/multipart's refusals errors.ts answers itself (413 for the limits). */
const KNOWN_MULTIPART_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/**
 * Any failure while reading a multipart body as a 4xx in the contract's error body: busboy's
 * plain errors ("Unexpected end of form", "Malformed part header", "Multipart: Boundary not
 * found"), a field named after a prototype property, a broken JSON field, a connection
 * closed half-way. Only the size limits keep their own answer (413).
 */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && KNOWN_MULTIPART_CODES.has(code)) return error;
  const detail =
    error instanceof Error ? error.message.replace(/[^\w .,:-]/g, '').slice(0, 120) : '';
  return Object.assign(malformedMultipart(detail || undefined), { cause: error });
}

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/** The contract's field names of uploaded files (their parts are never read as JSON). */
const FILE_FIELDS = new Set(['file', 'files']);

/** The media type of a part's bytes: as detected, else plain text or CSV, else opaque. */
async function contentType(bytes: Buffer, claimed: string) {
  const detected = bytes.length > 0 ? (await fileTypeFromBuffer(bytes))?.mime : undefined;
  const mimeType = detected ?? (TEXT_TYPES.has(claimed) ? claimed : 'application/octet-stream');
  return { detected, mimeType };
}

/**
 * Multipart bodies, for operations whose contract declares `multipart/form-data` only: every
 * file part is read into a Buffer and kept on `request.uploads` with the media type its
 * content shows; in the body the file field holds the file name, so the contract's schema
 * (`format: binary`, a string) validates the request like any other. Text fields arrive as
 * strings and are coerced by the body validator of multipart routes (`x-multipart`). A body
 * that cannot be read is 422 `errors.malformed_body`, never a 500.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 50 },
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = (route.schema as { body?: { content?: Record<string, unknown> } } | undefined)
      ?.body;
    const multipartSchema = body?.content?.['multipart/form-data'] as
      | { schema?: Record<string, unknown> }
      | undefined;
    if (multipartSchema?.schema) {
      multipartSchema.schema = { ...multipartSchema.schema, 'x-multipart': true };
      route.config = { ...route.config, multipart: true };
    }
  });
  app.addHook('preValidation', async (request) => {
    // Operations without a multipart body never read one (their media type check refuses it).
    if (!request.isMultipart() || !request.routeOptions.config.multipart) return;
    const body: Record<string, unknown> = {};
    const add = (name: string, value: unknown) => {
      const present = body[name];
      if (present === undefined) body[name] = value;
      else if (Array.isArray(present)) present.push(value);
      else body[name] = [present, value];
    };
    const uploads: UploadedFile[] = [];
    try {
      for await (const part of request.parts()) {
        // A JSON part (the contract's `encoding: contentType: application/json`, e.g. the
        // e-mail of send-user-email-with-attachments): parsed, whether the client sent it as
        // a field or as a Blob (which browsers send as a file part). Never a `file` field.
        if (
          normalizedType(part.mimetype) === 'application/json' &&
          !FILE_FIELDS.has(part.fieldname)
        ) {
          const text =
            part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
          try {
            add(part.fieldname, JSON.parse(text));
          } catch {
            throw malformedMultipart(`the part ${part.fieldname} is not JSON`);
          }
          continue;
        }
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          const claimedType = normalizedType(part.mimetype);
          const { detected, mimeType } = await contentType(bytes, claimedType);
          uploads.push({
            field: part.fieldname,
            fileName: part.filename,
            mimeType,
            claimedType,
            detectedType: detected,
            bytes,
          });
          add(part.fieldname, part.filename);
        } else {
          add(part.fieldname, part.value);
        }
      }
    } catch (error) {
      throw multipartError(error);
    }
    request.uploads = uploads;
    request.body = body;
  });
  registerFileAnswers(app);
}

/** Media types a browser may show inline on our origin: they cannot run script. */
export const SAFE_INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

/**
 * File answers (every answer with a Content-Disposition): `X-Content-Type-Options: nosniff`,
 * and `inline` only for a safe image or PDF whose bytes are what the type says; anything
 * else (HTML, SVG, text, a file stored before uploads were checked) is an attachment, so
 * nothing uploaded is ever rendered as a page of our origin.
 */
function registerFileAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition !== 'string') return payload;
    reply.header('x-content-type-options', 'nosniff');
    if (!/^\s*inline/i.test(disposition)) return payload;
    const type = normalizedType(String(reply.getHeader('content-type') ?? ''));
    let safe = SAFE_INLINE_TYPES.has(type);
    if (safe && Buffer.isBuffer(payload)) {
      safe = (await fileTypeFromBuffer(payload))?.mime === type;
    }
    if (!safe)
      reply.header('content-disposition', disposition.replace(/^\s*inline/i, 'attachment'));
    return payload;
  });
}

/** `image/jpg; charset=x` → `image/jpeg`: lower case, no parameters, common aliases. */
export function normalizedType(type: string): string {
  const bare = (type.split(';')[0] ?? '').trim().toLowerCase();
  return TYPE_ALIASES[bare] ?? bare;
}

const TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/x-pdf': 'application/pdf',
  'image/heif': 'image/heic',
  'text/xml': 'application/xml',
};

/** Whether the client's word and the content agree (XML dialects count as XML). */
function agrees(claimed: string, detected: string): boolean {
  const family = (type: string) =>
    TYPE_ALIASES[type] ?? (type.endsWith('+xml') ? 'application/xml' : type);
  return family(claimed) === family(detected);
}

/** Types whose files always carry a signature file-type knows. */
const hasSignature = (type: string) =>
  (/^(image|audio|video)\//.test(type) && !type.endsWith('+xml')) || type === 'application/pdf';

/** The client said nothing specific. */
const UNCLAIMED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export type UploadRules = {
  /** Accepted media types; `image/*` style wildcards allowed. Empty: any type. */
  types?: readonly string[];
  /** Below MAX_UPLOAD_BYTES when a call allows less (avatars). */
  maxBytes?: number;
};

const typeMatches = (accepted: string, actual: string) =>
  accepted.endsWith('/*') ? actual.startsWith(accepted.slice(0, -1)) : accepted === actual;

/**
 * The file of `field` in a multipart request, checked against the rules: 422
 * `validation.file_required` when missing or empty, 422 `validation.file_type` for a
 * refused type, 413 `errors.file_too_large` above the limit.
 */
export function uploadedFile(
  request: FastifyRequest,
  field = 'file',
  rules: UploadRules = {},
): UploadedFile {
  const file = request.uploads?.find((upload) => upload.field === field);
  if (!file || file.bytes.length === 0) {
    throw fieldError(
      field,
      'validation.file_required',
      `The multipart field "${field}" needs a file.`,
    );
  }
  const maxBytes = rules.maxBytes ?? MAX_UPLOAD_BYTES;
  if (file.bytes.length > maxBytes) throw fileTooLarge(maxBytes);
  const types = rules.types ?? [];
  const { claimedType, detectedType } = file;
  // The content decides: a file whose bytes are no accepted type is refused, whatever the
  // client called it; so is one whose bytes contradict what the client called it (HTML
  // sent as a PDF or an image).
  if (
    types.length > 0 &&
    !(detectedType && types.some((type) => typeMatches(type, detectedType)))
  ) {
    throw fieldError(
      field,
      'validation.file_type',
      `The content of the file is ${detectedType ?? 'of no recognised type'}; accepted here: ${types.join(', ')}.`,
    );
  }
  // What the client said must agree with the content where it matters: always for the
  // operations that accept only some types, and for a type a browser would render
  // (images, PDF, audio, video) anywhere.
  const checkClaim = types.length > 0 ? !UNCLAIMED.has(claimedType) : hasSignature(claimedType);
  if (checkClaim && !(detectedType && agrees(claimedType, detectedType))) {
    throw fieldError(
      field,
      'validation.file_type',
      `The file was sent as ${claimedType}, but its content is ${detectedType ?? 'not of that type'}.`,
    );
  }
  return file;
}

/** Every file of the request (several attachments under one field name). */
export function uploadedFiles(request: FastifyRequest, field = 'file', rules: UploadRules = {}) {
  const files = (request.uploads ?? []).filter((upload) => upload.field === field);
  for (const file of files) uploadedFile({ uploads: [file] } as FastifyRequest, field, rules);
  return files;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const DOCUMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/webp',
] as const;
