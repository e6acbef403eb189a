/**
 * Wraps and unwraps members' data keys with a master key that stays with the provider (docs/architecture.md,
 * "Private text at rest"): a key file in development and tests (FileKeyProvider), a cloud KMS in production, whose
 * adapter implements these two calls with the KMS's encrypt and decrypt (`context` as its encryption context).
 * `context` (the member's id) is bound to the wrapped key: it unwraps only for the same member.
 */
export interface KeyProvider {
  /** Names the master key in logs and errors (a fingerprint, a KMS key name); never the key itself. */
  readonly masterKeyName: string;
  wrap(dataKey: Buffer, context: string): Promise<string>;
  unwrap(wrapped: string, context: string): Promise<Buffer>;
}
