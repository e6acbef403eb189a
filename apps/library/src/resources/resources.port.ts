import type { Resource } from './resource-shapes';

/** What other library features may use of resources (docs/structure.md, "Ports"): the member's part of "Download my data". */
export abstract class ResourcesExportQuery {
  /** The caller's resources: metadata only. */
  abstract exportFor(ownerId: string): Promise<Resource[]>;
}
