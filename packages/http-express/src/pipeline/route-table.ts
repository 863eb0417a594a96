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
  /** Without parameters: found by a lookup, never walked. */
  isStatic: boolean;
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
    if (compiled && compiled.path !== path && compiled.path.toLowerCase() !== path.toLowerCase()) {
      throw new Error(`${method} ${path} names the parameters of ${compiled.path} otherwise.`);
    }
    if (!compiled) {
      const isStatic = segments.every((segment) => typeof segment === 'string');
      compiled = { path, segments, isStatic, byMethod: new Map() };
      this.paths.push(compiled);
      if (isStatic) this.staticPaths.set(`/${segments.join('/')}`, compiled);
    }
    if (compiled.byMethod.has(method)) throw new Error(`Two routes for ${method} ${path}.`);
    compiled.byMethod.set(method, target);
  }

  /** Every method and path added, as `GET /quran/surahs/{surah}`. */
  operations(): string[] {
    return this.paths.flatMap(({ path, byMethod }) => [...byMethod.keys()].map((method) => `${method} ${path}`));
  }

  /**
   * The first path (static ones before those with parameters, then in the order added) that has the method; a
   * 405 only when paths match but none has it.
   */
  match(method: string, rawPath: string): RouteMatch<Target> {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const wanted = method === 'HEAD' ? 'GET' : method;
    const staticPath = this.staticPaths.get(path.toLowerCase());
    const target = staticPath?.byMethod.get(wanted);
    if (target !== undefined) return { kind: 'found', target, path: staticPath!.path, params: {}, undecodable: null };
    const candidates = [
      ...(staticPath ? [{ path: staticPath, params: {}, undecodable: null }] : []),
      ...this.walk(path),
    ];
    for (const candidate of candidates) {
      const found = candidate.path.byMethod.get(wanted);
      if (found !== undefined) {
        const { params, undecodable } = candidate;
        return { kind: 'found', target: found, path: candidate.path.path, params, undecodable };
      }
    }
    if (candidates.length === 0) return { kind: 'not-found' };
    const paths = candidates.map((candidate) => candidate.path);
    return {
      kind: 'method-not-allowed',
      path: paths[0]!.path,
      allowed: allowedMethods(paths),
      targets: paths.flatMap((each) => [...each.byMethod.values()]),
    };
  }

  /** Every path with parameters that `path` matches, in the order added. */
  private walk(path: string) {
    const sent = path.split('/').slice(1);
    const matches: { path: CompiledPath<Target>; params: Record<string, string>; undecodable: string | null }[] = [];
    for (const compiled of this.paths) {
      if (compiled.isStatic || compiled.segments.length !== sent.length) continue;
      const params: Record<string, string> = {};
      let undecodable: string | null = null;
      const matched = compiled.segments.every((segment, index) => {
        const value = sent[index]!;
        if (typeof segment === 'string') return segment === value.toLowerCase();
        if (value === '') return false;
        const decoded = decodeSegment(value);
        if (decoded === null) undecodable ??= segment.parameter;
        params[segment.parameter] = decoded ?? value;
        return true;
      });
      if (matched) matches.push({ path: compiled, params, undecodable });
    }
    return matches;
  }
}

const sameSegments = (a: CompiledPath<unknown>['segments'], b: CompiledPath<unknown>['segments']) =>
  a.length === b.length &&
  a.every((segment, index) => {
    const other = b[index]!;
    return typeof segment === 'string' ? segment === other : typeof other !== 'string';
  });

function allowedMethods(paths: CompiledPath<unknown>[]): string[] {
  const methods = paths.flatMap((path) => [...path.byMethod.keys()]);
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
