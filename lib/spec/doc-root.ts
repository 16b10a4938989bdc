/**
 * Whether an interface document (the `doc` route's OpenAPI 3 or Swagger 2 document) names the REST
 * root it describes: OpenAPI's `servers[].url` or Swagger's `basePath`, by path (up to a trailing
 * slash). The host is not compared: the original names its site without the port (6.8.0: servers
 * `http://127.0.0.1/wp-json/tribe/events/v1/` on a site at :8883; 4.6.8: host `127.0.0.1`, basePath
 * `/wp-json/tribe/events/v1/`; measured 2026-11-28). Pure.
 */

const bare = (path: string) => decodeURIComponent(path).replace(/\/+$/, '');

/**
 * Where a URL points on its site: its path, and for a `?rest_route=` URL (WordPress without
 * pretty permalinks) the route it carries too, so `http://site/?rest_route=/cal/events/v1` is not
 * taken for the site's home `/`. Trailing slashes do not count.
 */
function placeOf(url: URL): string {
  const route = url.searchParams.get('rest_route');
  return route === null ? bare(url.pathname) : `${bare(url.pathname)}?rest_route=${bare(route)}`;
}

/** Where a server URL (absolute, or relative to `nsUrl`) points, or undefined when it is no URL. */
function placeOfServer(url: unknown, nsUrl: string): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  try {
    return placeOf(new URL(url, nsUrl));
  } catch {
    return undefined;
  }
}

/** Why `doc` does not name the REST root `nsUrl` (the namespace's URL), or '' when it does. */
export function docRootWrong(doc: unknown, nsUrl: string): string {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'the document is no JSON object';
  const d = doc as Record<string, unknown>;
  const want = placeOf(new URL(nsUrl));
  if (typeof d.swagger === 'string') {
    const base = d.basePath;
    return typeof base === 'string' && placeOfServer(base, nsUrl) === want
      ? ''
      : `Swagger basePath is ${JSON.stringify(base) ?? 'absent'}, expected the REST root ${want}/`;
  }
  const servers = Array.isArray(d.servers) ? d.servers : [];
  if (servers.some((s) => placeOfServer((s as { url?: unknown })?.url, nsUrl) === want)) return '';
  return `servers ${JSON.stringify(d.servers)?.slice(0, 200) ?? 'absent'} name no URL whose path is the REST root ${want}/`;
}
