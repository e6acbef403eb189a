/** What other features may use of the library: a resource's icon and words (the review queue shows resources as the library does). */
export { FileTypeIcon } from './FileTypeIcon';
export { cardTags, categoryLabel, formatFileSize, humanise, lengthLabel } from './resource-format';
