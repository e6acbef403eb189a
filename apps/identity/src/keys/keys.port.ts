import type { SigningKey } from './signing-keys.service';

/** What other identity features may use of the signing keys (docs/structure.md, "Ports"): the current key to sign with. */
export abstract class SigningKeys {
  abstract signingKey(): { kid: string; privateKey: SigningKey };
}
