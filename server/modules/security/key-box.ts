/**
 * Private keys at rest (requirements R10.43): AES-256-GCM under a key derived (SHA-256) from
 * `CERT_KEY_SECRET`. Sealed text: `v1:<iv>:<tag>:<ciphertext>`, each base64. A key is never
 * logged nor answered by the API; without the secret no key can be stored or used (catalogue 740).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** Encrypts `plain` (e.g. a PKCS#8 key) with `secret`. */
export function seal(plain: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** Decrypts what {@link seal} produced; throws when the secret is wrong or the text was altered. */
export function open(sealed: string, secret: string): Buffer {
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed key');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]);
}
