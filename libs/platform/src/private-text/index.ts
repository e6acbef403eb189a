export { type KeyProvider, type WrappedDataKey } from './key-provider';
export { keyStoreDatabaseName, moveKeysIntoKeyStore, openKeyStore, type KeyStore, type KeyStoreConfig } from './key-store';
export { addMasterKeyVersion, masterKeyUse, retireMasterKeyVersion, rewrapDataKeys, type MasterKeyUse } from './key-rotation';
export { FileKeyProvider, KeyFileError, readKeyFile, type KeyFileOptions, type MasterKeyVersion } from './file-key-provider';
export { MemberKeys, MemberErasedError, MEMBER_KEYS_COLLECTION, type MemberKeyCacheOptions, type DataKey } from './member-keys';
export { PrivateText, sealedField, type SealedField } from './private-text';
export { isSealedText, SealedTextError } from './sealed-text-cipher';
export {
  PrivateTextModule,
  KEY_PROVIDER,
  KEY_STORE,
  openKeyProvider,
  openKeyProviderOrExit,
  type PrivateTextConfig,
} from './private-text.module';
