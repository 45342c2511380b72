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

/** Checks signature, algorithm, expiry and claim types; throws InvalidTokenError. */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) throw new InvalidTokenError('invalid');
    return {
      userId: Number(parsed.data.sub),
      drivingSchoolId: parsed.data.drivingSchoolId,
      roleId: parsed.data.roleId,
      tokenVersion: parsed.data.ver ?? 0,
    };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
  }
}
