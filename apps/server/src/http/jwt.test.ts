import { describe, expect, it } from 'vitest';
import {
  InvalidTokenError,
  signAccessToken,
  TOKEN_LIFETIME_SECONDS,
  verifyAccessToken,
} from './jwt';

const SECRET = 'jwt-test-secret-0123456789abcdefghij';
const claims = { userId: 7, drivingSchoolId: 3, roleId: 2, tokenVersion: 1 };

/** The reason verifyAccessToken refuses the token with, or 'accepted'. */
async function outcome(secret: string, token: string, now?: Date) {
  try {
    await verifyAccessToken(secret, token, now);
    return 'accepted';
  } catch (error) {
    if (error instanceof InvalidTokenError) return error.reason;
    throw error;
  }
}

describe('access tokens', () => {
  const issued = new Date('2026-11-26T08:00:00Z');
  const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

  it('answers the claims of a checked token again, and a copy each time', async () => {
    const token = await signAccessToken(SECRET, claims, issued);
    const first = await verifyAccessToken(SECRET, token, later(1));
    first.userId = 99;
    expect(await verifyAccessToken(SECRET, token, later(2))).toEqual(claims);
  });

  it('ends a remembered token at its expiry as it ends an unseen one', async () => {
    const token = await signAccessToken(SECRET, claims, issued);
    const unseen = await signAccessToken(SECRET, { ...claims, userId: 8 }, issued);
    expect(await outcome(SECRET, token, later(TOKEN_LIFETIME_SECONDS - 1))).toBe('accepted');
    expect(await outcome(SECRET, token, later(TOKEN_LIFETIME_SECONDS))).toBe('expired');
    expect(await outcome(SECRET, unseen, later(TOKEN_LIFETIME_SECONDS))).toBe('expired');
    expect(await outcome(SECRET, unseen, later(TOKEN_LIFETIME_SECONDS - 1))).toBe('accepted');
  });

  it('refuses a changed signature or payload and another secret, after the true token was seen', async () => {
    const token = await signAccessToken(SECRET, claims, issued);
    expect(await outcome(SECRET, token, later(1))).toBe('accepted');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await outcome(SECRET, `${header}.${payload}.${flipped}`, later(1))).toBe('invalid');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), roleId: 1 }),
    ).toString('base64url');
    expect(await outcome(SECRET, `${header}.${other}.${signature}`, later(1))).toBe('invalid');
    expect(await outcome(`${SECRET}-rotated`, token, later(1))).toBe('invalid');
    expect(await outcome(SECRET, token, later(2))).toBe('accepted');
  });
});
