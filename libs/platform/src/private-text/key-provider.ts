/** A data key wrapped by a master key, and the version of the master key that wrapped it (kept beside it). */
export interface WrappedDataKey {
  wrapped: string;
  masterKeyVersion: number;
}

/**
 * Wraps and unwraps members' data keys with master keys that stay with the provider (docs/architecture.md, "Private
 * text at rest"): a key file in development and tests (FileKeyProvider), a cloud KMS in production, whose adapter
 * implements these calls with the KMS's encrypt and decrypt (`context` as its encryption context), one KMS key per
 * master key version.
 *
 * A provider holds one or more numbered master key versions: the newest wraps, every one it still holds unwraps, so an
 * operator can re-wrap every data key under the newest and then retire (delete) the older ones. `context` (the member's
 * id) is bound to the wrapped key: it unwraps only for the same member.
 */
export interface KeyProvider {
  /** Names the newest master key in logs and errors (version and fingerprint, a KMS key name); never the key itself. */
  readonly masterKeyName: string;
  /** The version that wraps now (the newest the provider holds). */
  newestVersion(): Promise<number>;
  wrap(dataKey: Buffer, context: string): Promise<WrappedDataKey>;
  unwrap(wrapped: string, context: string): Promise<Buffer>;
  /** The version of the master key that wrapped this key, or null when the provider does not hold it (retired). */
  versionOf(wrapped: string): Promise<number | null>;
}
