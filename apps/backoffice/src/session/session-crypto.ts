/**
 * User and permissions are kept encrypted in session storage (spec 000 §6), with AES-GCM
 * under a key derived from the session's token. This keeps them from being read or edited
 * casually in the browser's storage; it is not a security boundary — the server checks
 * every call against the role's permissions itself.
 */
const encoder = new TextEncoder();

async function keyFor(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`fahrwerk:${secret}`));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encryptJson(value: unknown, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(secret),
    encoder.encode(JSON.stringify(value)),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

export async function decryptJson<T>(payload: string, secret: string): Promise<T> {
  const [iv, data] = payload.split('.');
  if (!iv || !data) throw new Error('Malformed payload');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await keyFor(secret),
    fromBase64(data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
