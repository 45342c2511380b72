import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { notImplemented } from './errors';
import type { OpenApiDocument } from './openapi-document';
import type { FileAnswer, OperationHandlers } from './operation-types';

type AnyHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ status: number; body?: unknown; file?: FileAnswer['file'] }>;

/** `attachment; filename="Vertrag.pdf"; filename*=UTF-8''Vertrag.pdf` (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment') {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function operationIds(document: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (typeof operation === 'object' && operation?.operationId) ids.add(operation.operationId);
    }
  }
  return ids;
}

/**
 * Registers one route per contract operation (fastify-openapi-glue reads paths, parameters
 * and schemas from the bundle), with the handler of its operationId. An operation without a
 * handler answers 501 `errors.not_implemented`.
 */
export async function registerRoutes(
  app: FastifyInstance,
  options: { document: OpenApiDocument; prefix: string; handlers: OperationHandlers },
): Promise<void> {
  const known = operationIds(options.document);
  const stray = Object.keys(options.handlers).filter((id) => !known.has(id));
  if (stray.length > 0) {
    throw new Error(`Handlers for operations the contract lacks: ${stray.join(', ')}`);
  }
  const handlers = options.handlers as Record<string, AnyHandler | undefined>;

  await app.register(openapiGlue, {
    specification: options.document,
    prefix: options.prefix,
    // Keeps bodiless answers (204) in the route schema, so response validation knows them.
    addEmptySchema: true,
    operationResolver: (operationId: string) => {
      const handler = handlers[operationId];
      if (!handler) {
        return async () => {
          throw notImplemented(operationId);
        };
      }
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await handler(request, reply);
        reply.code(result.status);
        if (result.file) {
          const { bytes, mimeType, fileName, disposition = 'attachment' } = result.file;
          reply.header('content-type', mimeType);
          reply.header('content-disposition', contentDisposition(fileName, disposition));
          return reply.send(bytes);
        }
        return 'body' in result ? result.body : reply.send();
      };
    },
  });
}
