import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { contract, DEMO_OWNER, expectError, useTestApp } from '../test/test-app';
import type { OpenApiDocument } from './openapi-document';
import { answerOnlyMediaTypes, registerRoutes } from './routes';

/** A logger option that keeps every line at `warn` and above. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = {
    level: 'warn',
    stream: { write: (line: string) => lines.push(JSON.parse(line)) },
  };
  return { logger, messages: () => lines.map((line) => line.msg) };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('media types of the contract', () => {
  const log = capturingLogger();
  const t = useTestApp('pglite', { app: { logger: log.logger } });

  test('the download types are answers only; request bodies are JSON, multipart or text', () => {
    const answerOnly = answerOnlyMediaTypes(contract());
    expect(answerOnly).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg', 'application/pdf', 'text/csv']),
    );
    for (const type of ['application/json', 'multipart/form-data', 'text/plain']) {
      expect(answerOnly).not.toContain(type);
    }
  });

  test('the start logs no "ContentTypeParser … not found" warning', () => {
    // The capture works: the missing back office and storybook are warned of.
    expect(log.messages().some((message) => message.includes('not served'))).toBe(true);
    expect(log.messages().filter((message) => message.includes('ContentTypeParser'))).toEqual([]);
  });

  test('a body of an answer-only type is refused with 415, never read, never a 500', async () => {
    const png = { 'content-type': 'image/png' };
    // A public QR upload (multipart only).
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/public/student-documents/zz-school/zz-student',
      headers: png,
      payload: PNG,
    });
    expect(upload.statusCode, upload.body).toBe(415);
    expect(upload.json().error_message).toBe('errors.unsupported_media_type');

    // A signed-in text/plain operation.
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const explanation = await t.call('PUT', '/standard-question-explanation/1.1.01-001', {
      token,
      headers: { 'content-type': 'application/pdf' },
      rawBody: '%PDF-1.4\n%%EOF\n',
    });
    expectError(explanation, 415, 'errors.unsupported_media_type');

    // A method the path lacks, with a body: the body's type is refused first, as before.
    const wrongMethod = await t.app.inject({
      method: 'DELETE',
      url: '/api/generate-token',
      headers: png,
      payload: PNG,
    });
    expect(wrongMethod.statusCode, wrongMethod.body).toBe(415);
    expect(wrongMethod.json().error_message).toBe('errors.unsupported_media_type');

    // A path that does not exist stays 404.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/zz-no-such-call',
      headers: png,
      payload: PNG,
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().error_message).toBe('errors.not_found');
  });
});

describe('a request body type without a parser', () => {
  test('is still warned of (only answer-only types are quiet)', async () => {
    const document: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 'Things', version: '1' },
      paths: {
        '/things': {
          post: {
            operationId: 'postThing',
            requestBody: {
              required: true,
              content: { 'application/x-fahrwerk-thing': { schema: { type: 'string' } } },
            },
            responses: { '200': { $ref: '#/components/responses/Thing' } },
          },
        },
      },
      components: {
        responses: {
          Thing: {
            description: 'The thing as a picture.',
            content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    };
    expect(answerOnlyMediaTypes(document)).toEqual(['image/webp']);

    const log = capturingLogger();
    const app = Fastify({ logger: log.logger });
    try {
      await registerRoutes(app, { document, prefix: '/api', handlers: {} });
      await app.ready();
      expect(log.messages().filter((message) => message.includes('ContentTypeParser'))).toEqual([
        "ContentTypeParser for 'application/x-fahrwerk-thing' not found",
      ]);
    } finally {
      await app.close();
    }
  });
});
