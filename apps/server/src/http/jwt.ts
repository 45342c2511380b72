import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** What a signed-in request knows about its caller; the token holds exactly this. */
export type TokenClaims = {
  userId: number;
  drivingSchoolId: number;
  roleId: number;
  /**
   * The user's token version when the token was signed (claim `ver`; 0 when absent): a
   * password change or archiving raises the user's version, which ends older tokens.
   */
  tokenVersion?: number;
};

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';

const positiveId = z.number().int().positive();
const payloadSchema = z.object({
  sub: z.string().regex(/^[1-9]\d*$/),
  drivingSchoolId: positiveId,
  roleId: positiveId,
  ver: z.number().int().nonnegative().max(2_147_483_647).optional(),
  exp: z.number().int().positive(),
});

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: TokenClaims,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    drivingSchoolId: claims.drivingSchoolId,
    roleId: claims.roleId,
    ver: claims.tokenVersion ?? 0,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(keyOf(secret));
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';

  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The token has expired.' : 'The token is invalid.');
  }
}

/**
 * Tokens whose signature and claims were checked, by the whole token text (signature
 * included, so no other text finds an entry), with the secret that checked them and their
 * expiry: a signed-in user's next requests skip the signature check (WebCrypto's HMAC runs
 * on the thread pool and costs the request more than half a millisecond), never the expiry.
 */
const verified = new Map<string, { secret: string; claims: TokenClaims; expiresAt: number }>();
const MAX_VERIFIED = 10_000;

/** Checks signature, algorithm, expiry and claim types; throws InvalidTokenError. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<TokenClaims> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (now.getTime() < known.expiresAt) return { ...known.claims };
    verified.delete(token);
    throw new InvalidTokenError('expired');
  }
  const { expiresAt, ...claims } = await checkAccessToken(secret, token, now);
  if (verified.size >= MAX_VERIFIED) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, { secret, claims, expiresAt });
  return { ...claims };
}

async function checkAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<TokenClaims & { expiresAt: number }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
    });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new InvalidTokenError('invalid');
    return {
      userId: Number(parsed.data.sub),
      drivingSchoolId: parsed.data.drivingSchoolId,
      roleId: parsed.data.roleId,
      tokenVersion: parsed.data.ver ?? 0,
      // jose refuses a token once its `exp` second has begun.
      expiresAt: parsed.data.exp * 1000,
    };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
  }
}
