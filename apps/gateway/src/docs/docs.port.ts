import type { ServiceName } from '../proxy/proxy.port';
import type { DocumentedMethods } from '../shared/documented-methods';

/** What other gateway features may use of the API document (docs/structure.md, "Ports"); `ApiDocument` answers it. */
export abstract class DocumentedRoutes {
  /**
   * A service's routes as its own document declares them (paths without `/api`), with their edge policies; fails (503)
   * while that document cannot be read.
   */
  abstract routesOf(service: ServiceName): Promise<DocumentedMethods>;
  /** The documented methods of the latest merged document, for the edge's 405 and the metrics' route labels; never waits. */
  abstract methods(): DocumentedMethods | undefined;
}
