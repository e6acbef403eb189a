/** What other identity features may use of the signing keys: the current key to sign with. */
export { SigningKeysService } from './signing-keys.service';
