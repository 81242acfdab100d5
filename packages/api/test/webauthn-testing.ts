import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * A software authenticator for tests: real P-256 keys, real signatures, and the exact bytes a
 * browser and authenticator would send (WebAuthn level 2, "none" attestation), so the server's
 * verification runs unchanged.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** Just enough CBOR (RFC 8949) for a COSE key and an attestation object. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** User present and user verified. */
const FLAGS_UP_UV = 0x01 | 0x04;
const FLAG_ATTESTED = 0x40;

export interface SoftwarePasskey {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  /** base64url, as the options carried it. */
  userHandle: string;
  counter: number;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('not an EC key');
  return cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

export function softwareAuthenticator(origin: string) {
  const passkeys: SoftwarePasskey[] = [];

  return {
    passkeys,

    /** `navigator.credentials.create()` with the server's registration options. */
    create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credentialId = randomBytes(16);
      const passkey: SoftwarePasskey = {
        id: b64url(credentialId),
        privateKey,
        publicKey,
        rpId,
        userHandle: options.user.id,
        counter: 0,
      };
      passkeys.push(passkey);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const authData = authenticatorData(rpId, FLAGS_UP_UV | FLAG_ATTESTED, 0, attested);
      const clientData = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        passkey,
        response: {
          id: passkey.id,
          rawId: passkey.id,
          type: 'public-key' as const,
          response: {
            clientDataJSON: b64url(Buffer.from(clientData)),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          authenticatorAttachment: 'platform' as const,
          clientExtensionResults: {},
        },
      };
    },

    /** `navigator.credentials.get()` with the server's sign-in options, signed by `passkey`. */
    get(options: { challenge: string }, passkey: SoftwarePasskey, at: { origin?: string } = {}) {
      passkey.counter += 1;
      const authData = authenticatorData(passkey.rpId, FLAGS_UP_UV, passkey.counter);
      const clientData = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge: options.challenge,
          origin: at.origin ?? origin,
          crossOrigin: false,
        }),
      );
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientData)]),
        passkey.privateKey,
      );
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}
