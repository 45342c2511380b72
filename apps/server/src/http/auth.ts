import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { forbidden, unauthorized } from './errors';
import { InvalidTokenError, type TokenClaims, verifyAccessToken } from './jwt';
import type { OpenApiDocument, OpenApiOperation } from './openapi-document';

/**
 * The signed-in caller of a request: school, user, role, what the role allows now and
 * which students the user sees.
 */
export type AuthContext = TokenClaims & {
  permissions: ReadonlySet<string>;
  /**
   * ALL: every student of the school; OWN: only those whose main instructor they are.
   * Read with the permissions; absent (a context made by hand), queries read it themselves.
   */
  studentVisibility?: 'ALL' | 'OWN' | undefined;
};

/**
 * What the database says about a token's user right now; `null` when the user, or their
 * hold on the token's role, is gone.
 */
export type Principal = {
  archived: boolean;
  permissions: ReadonlySet<string>;
  studentVisibility?: 'ALL' | 'OWN' | undefined;
};

export type PrincipalLoader = (claims: TokenClaims) => Promise<Principal | null>;

// Fastify's declaration merging needs interfaces.
declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation
  interface FastifyContextConfig {
    operationId?: string;
    /** The operation's `x-permissions`: every key must be allowed for the caller's role. */
    permissions?: readonly string[];
    /** `security: []` in the contract: no token needed. */
    isPublic?: boolean;
  }
}

type OperationSecurity = { isPublic: boolean; permissions: readonly string[] };

function indexOperations(document: OpenApiDocument): Map<string, OperationSecurity> {
  const index = new Map<string, OperationSecurity>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as OpenApiOperation[]) {
      if (typeof operation !== 'object' || !operation?.operationId) continue;
      const security = operation.security ?? document.security ?? [];
      // `[]`, or an empty alternative `{}`, means the operation needs no token.
      const isPublic =
        security.length === 0 || security.some((alt) => Object.keys(alt).length === 0);
      const permissions = operation['x-permissions'];
      if (!Array.isArray(permissions)) {
        throw new Error(`Operation ${operation.operationId} lacks x-permissions in the contract.`);
      }
      index.set(operation.operationId, { isPublic, permissions });
    }
  }
  return index;
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function makeAuthenticate(
  secret: string,
  loadPrincipal: PrincipalLoader,
  permissions: readonly string[],
): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('A bearer token is required.');
    let claims: TokenClaims;
    try {
      claims = await verifyAccessToken(secret, token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized(error.message);
      throw error;
    }
    // Read on every request, so archiving a user or changing a role applies at once.
    const principal = await loadPrincipal(claims);
    if (!principal) throw unauthorized('The user or their role no longer exists.');
    if (principal.archived) throw unauthorized('The user is archived.');
    const missing = permissions.filter((key) => !principal.permissions.has(key));
    if (missing.length > 0) {
      throw forbidden(`Your role lacks ${missing.join(', ')}.`);
    }
    request.auth = {
      ...claims,
      permissions: principal.permissions,
      studentVisibility: principal.studentVisibility,
    };
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Puts each contract operation's security on its route: public operations stay open; the
 * others get an onRequest hook (so 401/403 come before any body validation) that checks
 * the bearer token and the operation's `x-permissions` against the role's permissions.
 * Must be registered before the routes.
 */
export function registerAuth(
  app: FastifyInstance,
  options: { document: OpenApiDocument; secret: string; loadPrincipal: PrincipalLoader },
): void {
  const operations = indexOperations(options.document);
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string') return;
    const security = operations.get(operationId);
    if (!security) throw new Error(`Route for unknown operation ${operationId}.`);
    route.config = { ...route.config, operationId, ...security };
    if (!security.isPublic) {
      route.onRequest = [
        ...asArray(route.onRequest),
        makeAuthenticate(options.secret, options.loadPrincipal, security.permissions),
      ] as RouteOptions['onRequest'];
    }
  });
}

/** The caller of a protected operation (the auth hook has run). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
