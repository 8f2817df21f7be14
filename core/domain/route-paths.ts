/**
 * A client route's path in the router's syntax (wouter: `:name` is one segment, `:name?` an optional one) as a
 * RegExp for a URL's path. The server uses it to name a route's page files in the page it sends, the client to load
 * the first page before its first render; the router itself matches with its own parser, and a path this reads
 * differently only loses the head start.
 */
export function routePathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}
