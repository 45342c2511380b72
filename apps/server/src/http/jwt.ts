import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** What a signed-in request knows about its caller; the token holds exactly this. */
export type TokenClaims = {
  userId: number;
  drivingSchoolId: number;
  roleId: number;
};

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';

const positiveId = z.number().int().positive();
const payloadSchema = z.object({
  sub: z.string().regex(/^[1-9]\d*$/),
  drivingSchoolId: positiveId,
  roleId: positiveId,
});

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  claims: TokenClaims,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ drivingSchoolId: claims.drivingSchoolId, roleId: claims.roleId })
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
    };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    throw new InvalidTokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
  }
}
