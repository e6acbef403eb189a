export { type KeyProvider } from './key-provider';
export { FileKeyProvider, KeyFileError, type KeyFileOptions } from './file-key-provider';
export { MemberKeys, MemberErasedError, MEMBER_KEYS_COLLECTION, type MemberKeyCacheOptions, type DataKey } from './member-keys';
export { PrivateText } from './private-text';
export { isSealedText, SealedTextError } from './sealed-text-cipher';
export { PrivateTextModule, KEY_PROVIDER, openKeyProvider, openKeyProviderOrExit, type PrivateTextConfig } from './private-text.module';
