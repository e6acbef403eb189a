import { EDGE_POLICY_EXTENSION, type EdgePolicy } from '@abide/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface Node {
  /** Literal segments, tried before the template segment (a concrete path wins over a templated one). */
  literal: Map<string, Node>;
  /** A `{param}` segment: any one non-empty segment. */
  param?: Node;
  /** The methods documented for the path that ends here (upper case, with HEAD beside GET). */
  methods?: readonly string[];
  /** The documented path that ends here (`/habits/{id}`). */
  template?: string;
  /** The edge policies its operations declare (`x-abide-edge`), by upper-case method. */
  policies?: ReadonlyMap<string, EdgePolicy>;
}

const node = (): Node => ({ literal: new Map() });

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * Which methods the merged document declares for a public path: a segment tree compiled once per document, so a
 * request is looked up in a few map reads (no scan over the paths). Matching follows OpenAPI's rule that a concrete
 * path wins over a templated one (`/groups/discover` before `/groups/{id}`), as the services' routers do.
 */
export class DocumentedMethods {
  private readonly root = node();

  constructor(document: Pick<OpenAPIObject, 'paths'>) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      let at = this.root;
      for (const segment of segmentsOf(path)) {
        if (/^\{[^}]+\}$/.test(segment)) at = at.param ??= node();
        else {
          const next = at.literal.get(segment) ?? node();
          at.literal.set(segment, next);
          at = next;
        }
      }
      const declared = HTTP_METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
      // HEAD is answered wherever GET is (the framework's own), so it is allowed without being documented.
      if (declared.includes('GET') && !declared.includes('HEAD')) declared.push('HEAD');
      at.methods = declared;
      at.template = path;
      const policies = new Map<string, EdgePolicy>();
      for (const method of HTTP_METHODS) {
        const policy = (item[method] as Record<string, unknown> | undefined)?.[EDGE_POLICY_EXTENSION];
        if (policy) policies.set(method.toUpperCase(), policy as EdgePolicy);
      }
      if (policies.size) at.policies = policies;
    }
  }

  /** The methods of the documented path a request path (no query) falls under, or undefined when none does. */
  methodsOf(path: string): readonly string[] | undefined {
    return this.find(this.root, segmentsOf(path), 0)?.methods;
  }

  /** The documented path (`/habits/{id}`) a request path (no query) falls under, or undefined when none does. */
  templateOf(path: string): string | undefined {
    return this.find(this.root, segmentsOf(path), 0)?.template;
  }

  /**
   * The edge policy (`x-abide-edge`) the document declares for a request. Matched per method, as the services' routers
   * do (a POST goes to the path that declares POST, even where a concrete path declares only GET); `path` is the
   * decoded path without the query, so a percent-encoded spelling of a limited route is still limited.
   */
  policyOf(method: string, path: string): EdgePolicy | undefined {
    return this.find(this.root, segmentsOf(path), 0, (n) => !!n.methods?.includes(method))?.policies?.get(method);
  }

  private find(at: Node, segments: string[], index: number, accepts: (node: Node) => boolean = (n) => !!n.methods): Node | undefined {
    if (index === segments.length) return accepts(at) ? at : undefined;
    const literal = at.literal.get(segments[index]);
    const found = literal && this.find(literal, segments, index + 1, accepts);
    if (found) return found;
    return at.param && this.find(at.param, segments, index + 1, accepts);
  }
}
