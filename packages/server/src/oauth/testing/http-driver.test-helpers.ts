import { request } from 'undici';

/** A minimal browser for tests: follows nothing by itself, keeps cookies per host. */
export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: string): Map<string, string> {
    const host = new URL(url).host;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }

  async go(url: string, opts: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {}): Promise<{ status: number; location: string | null; text: string }> {
    const jar = this.jar(url);
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (opts.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await request(url, { method: opts.method ?? (opts.form ? 'POST' : 'GET'), headers, body: opts.form ? new URLSearchParams(opts.form).toString() : undefined });
    for (const raw of [res.headers['set-cookie'] ?? []].flat()) {
      const pair = raw.split(';')[0];
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.location;
    return { status: res.statusCode, location: typeof location === 'string' ? new URL(location, url).href : null, text: await res.body.text() };
  }
}
