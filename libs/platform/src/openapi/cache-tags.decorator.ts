import { ApiExtension } from '@nestjs/swagger';
import { CACHE_TAGS_EXTENSION, type CacheTagsDeclaration } from '@abide/contracts';

/**
 * Declares what this route's answer is cached as in the web app, or what a write makes stale there. It lands in the
 * service's OpenAPI document (`x-abide-cache`), from which `npm run api:client` generates the client's cache tags, so
 * the rule lives beside the route it is about (docs/api.md, "Adding or changing a route").
 */
export const CacheTags = (declaration: CacheTagsDeclaration) => ApiExtension(CACHE_TAGS_EXTENSION, { ...declaration });
