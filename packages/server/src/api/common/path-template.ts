import { invalidParameter } from './api-error.js';

/** Path parameters of a request, percent-decoded; empty for fixed paths. */
export type PathParams = Readonly<Record<string, string>>;

const PARAM = /\{([a-z][a-z0-9_]*)\}/g;

/** Names of the `{name}` parameters of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PARAM)].map((m) => m[1]);
}

/** Matches a template such as `/v1/bus/stop_timetables/{atcocode}.json`: each parameter is one non-empty segment part without `/`. */
export function compileTemplate(template: string): (path: string) => PathParams | null {
  const names = pathParamNames(template);
  const source = template
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${source}$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decode(name, m[i + 1])));
    return params;
  };
}

function decode(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidParameter(`Path parameter '${name}' is not valid percent-encoding.`);
  }
}
