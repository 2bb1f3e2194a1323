import type { Endpoint } from '../api/common/endpoint.js';
import { compileTemplate, type PathParams } from '../api/common/path-template.js';

const NO_PARAMS: PathParams = Object.freeze({});

/**
 * Finds the endpoint of a request path: fixed paths by one Map lookup, then the templated
 * paths in endpoint order (a handful of regular expressions).
 */
export class EndpointPaths {
  private readonly fixed = new Map<string, Endpoint>();
  private readonly templated: { ep: Endpoint; match: (path: string) => PathParams | null }[] = [];

  constructor(endpoints: readonly Endpoint[]) {
    for (const ep of endpoints) {
      if (ep.path.includes('{')) this.templated.push({ ep, match: compileTemplate(ep.path) });
      else this.fixed.set(ep.path, ep);
    }
  }

  /** The endpoint serving `path` and its decoded parameters, or null. Throws 400 on bad percent-encoding. */
  find(path: string): { ep: Endpoint; params: PathParams } | null {
    const ep = this.fixed.get(path);
    if (ep) return { ep, params: NO_PARAMS };
    for (const t of this.templated) {
      const params = t.match(path);
      if (params) return { ep: t.ep, params };
    }
    return null;
  }
}
