/**
 * The one place a request's path is matched, once per request: to an API route, to a service page
 * (health, the document, the reference), or to nothing. Static segments match without regard to case
 * and one trailing slash is allowed, as Express's router matched them before; a parameter is one
 * non-empty segment, kept as sent and decoded here once.
 */

/** Where a path leads: its routes by method, and for each the names of its parameters. */
interface CompiledPath<Target> {
  /** As added, in OpenAPI form. */
  path: string;
  segments: readonly (string | { parameter: string })[];
  byMethod: Map<string, Target>;
}

export type RouteMatch<Target> =
  | {
      kind: 'found';
      target: Target;
      /** The path as added, in OpenAPI form (`/api/v1/quran/surahs/{surah}`): the route template. */
      path: string;
      /** The parameters, percent-decoded; one that does not decode is kept as sent and named below. */
      params: Record<string, string>;
      /** The first parameter that is not valid percent-encoded UTF-8, if any. */
      undecodable: string | null;
    }
  /** The path exists, the method does not: the methods it has (HEAD with GET), for `Allow`, and their targets. */
  | { kind: 'method-not-allowed'; path: string; allowed: string[]; targets: Target[] }
  | { kind: 'not-found' };

export class RouteTable<Target> {
  private readonly paths: CompiledPath<Target>[] = [];
  /** Paths without parameters, by their lower-case spelling: a lookup instead of a walk. */
  private readonly staticPaths = new Map<string, CompiledPath<Target>>();

  /** `path` in OpenAPI form (`/quran/surahs/{surah}`); `method` in upper case. */
  add(method: string, path: string, target: Target): void {
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => {
        const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
        return parameter ? { parameter } : segment.toLowerCase();
      });
    let compiled = this.paths.find((each) => sameSegments(each.segments, segments));
    if (!compiled) {
      compiled = { path, segments, byMethod: new Map() };
      this.paths.push(compiled);
      if (segments.every((segment) => typeof segment === 'string'))
        this.staticPaths.set(`/${segments.join('/')}`, compiled);
    }
    if (compiled.byMethod.has(method)) throw new Error(`Two routes for ${method} ${path}.`);
    compiled.byMethod.set(method, target);
  }

  /** Every method and path added, as `GET /quran/surahs/{surah}`. */
  operations(): string[] {
    return this.paths.flatMap(({ path, byMethod }) => [...byMethod.keys()].map((method) => `${method} ${path}`));
  }

  match(method: string, rawPath: string): RouteMatch<Target> {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const staticPath = this.staticPaths.get(path.toLowerCase());
    const found = staticPath ? { path: staticPath, params: {}, undecodable: null } : this.walk(path);
    if (!found) return { kind: 'not-found' };
    const target = found.path.byMethod.get(method === 'HEAD' ? 'GET' : method);
    if (target === undefined) {
      return {
        kind: 'method-not-allowed',
        path: found.path.path,
        allowed: allowedMethods(found.path),
        targets: [...found.path.byMethod.values()],
      };
    }
    return { kind: 'found', target, path: found.path.path, params: found.params, undecodable: found.undecodable };
  }

  private walk(path: string) {
    const sent = path.split('/').slice(1);
    for (const compiled of this.paths) {
      if (compiled.segments.length !== sent.length) continue;
      const params: Record<string, string> = {};
      let undecodable: string | null = null;
      const matches = compiled.segments.every((segment, index) => {
        const value = sent[index]!;
        if (typeof segment === 'string') return segment === value.toLowerCase();
        if (value === '') return false;
        const decoded = decodeSegment(value);
        if (decoded === null) undecodable ??= segment.parameter;
        params[segment.parameter] = decoded ?? value;
        return true;
      });
      if (matches) return { path: compiled, params, undecodable };
    }
    return undefined;
  }
}

const sameSegments = (a: CompiledPath<unknown>['segments'], b: CompiledPath<unknown>['segments']) =>
  a.length === b.length &&
  a.every((segment, index) => {
    const other = b[index]!;
    return typeof segment === 'string' ? segment === other : typeof other !== 'string';
  });

function allowedMethods(path: CompiledPath<unknown>): string[] {
  const methods = [...path.byMethod.keys()];
  return [...new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])];
}

function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
