/** What other library features may use of files: object storage, the checked intake of an upload, and file names. */
export { ObjectStore } from './object-store';
export { badRequest, UploadIntake } from './upload-intake';
export { contentDisposition, contentTypeOf } from './file-name';
export { extractText, UnreadableFileError } from './text-extraction';
