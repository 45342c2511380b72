import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, fieldError } from './errors';

/** The largest file one upload may carry (the contract's FileUpload says 20 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export type UploadedFile = {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
};

declare module 'fastify' {
  // Module augmentation needs an interface (a type alias cannot merge).
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging
  interface FastifyRequest {
    /** The files of a multipart request, read into memory (at most MAX_UPLOAD_BYTES each). */
    uploads?: UploadedFile[];
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

/**
 * Multipart bodies: every file part is read into a Buffer and kept on `request.uploads`;
 * in the body the file field holds the file name, so the contract's schema
 * (`format: binary`, a string) validates the request like any other. Text fields arrive as
 * strings and are coerced by the body validator of multipart routes (`x-multipart`).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 50 },
    async onFile(this: FastifyRequest, part) {
      const bytes = await part.toBuffer();
      this.uploads ??= [];
      this.uploads.push({
        field: part.fieldname,
        fileName: part.filename,
        mimeType: part.mimetype,
        bytes,
      });
      (part as unknown as { value: unknown }).value = part.filename;
    },
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = (route.schema as { body?: { content?: Record<string, unknown> } } | undefined)
      ?.body;
    const multipartSchema = body?.content?.['multipart/form-data'] as
      | { schema?: Record<string, unknown> }
      | undefined;
    if (multipartSchema?.schema) {
      multipartSchema.schema = { ...multipartSchema.schema, 'x-multipart': true };
    }
  });
}

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
  if (types.length > 0 && !types.some((type) => typeMatches(type, file.mimeType))) {
    throw fieldError(
      field,
      'validation.file_type',
      `Files of type ${file.mimeType} are not accepted here (${types.join(', ')}).`,
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
