/**
 * The smoke flow the plugin-removal check runs against a server booted without one plugin: what
 * every install must still do. A browser's calls over real HTTP (cookie jar, CSRF token from the
 * page), no test framework: sign up, confirm the e-mail through the local outbox, upload a video
 * with tus, make it a project, find it in the list. Throws an Error saying which call failed.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

const TUS = { 'tus-resumable': '1.0.0' };

/** A browser stand-in: keeps cookies and sends the session's CSRF token on writes. */
class Browser {
  /** @param {string} baseUrl */
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    this.csrfToken = '';
  }

  /**
   * @param {string} method
   * @param {string} url path or absolute address
   * @param {{ json?: unknown, body?: Buffer, headers?: Record<string, string> }} [options]
   */
  async call(method, url, options = {}) {
    const headers = { ...options.headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = this.csrfToken;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    // The token changes at log-in: the CSRF-TOKEN cookie carries the current one, as for the page's script.
    const token = this.cookies.get('CSRF-TOKEN');
    if (token) this.csrfToken = decodeURIComponent(token);
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (the page, an empty 204)
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /**
   * @param {string} what
   * @param {number} status expected
   * @param {Awaited<ReturnType<Browser['call']>>} response
   */
  static expect(what, status, response) {
    if (response.status !== status)
      throw new Error(`${what}: ${response.status} instead of ${status}: ${response.text.slice(0, 300)}`);
    return response;
  }
}

/** The confirmation link of the newest mail to `email` in DATA_DIR/outbox (mail is sent by a job: waits a while). */
async function confirmationLink(outboxDir, email, deadline) {
  while (Date.now() < deadline) {
    const names = await readdir(outboxDir).catch(() => []);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const text = (await readFile(path.join(outboxDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.includes(email)) continue;
      const link = /https?:\/\/[^\s"<>]*\/users\/confirmation\?confirmation_token=[\w-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no confirmation mail to ${email} in ${outboxDir}`);
}

/**
 * @param {{ baseUrl: string, dataDir: string, video: Buffer }} options
 * @returns {Promise<string[]>} the steps done, for the log
 */
export async function smokeFlow({ baseUrl, dataDir, video }) {
  const done = [];
  const browser = new Browser(baseUrl);
  const page = Browser.expect('GET /', 200, await browser.call('GET', '/', { headers: { accept: 'text/html' } }));
  browser.csrfToken = /<meta name="csrf-token" content="([^"]*)"/.exec(page.text)?.[1] ?? browser.csrfToken;

  const email = `removal-${Date.now().toString(36)}@example.com`;
  Browser.expect(
    'sign up (POST /users)',
    201,
    await browser.call('POST', '/users', {
      json: { user: { email, password: 'correct horse battery', name: 'Ann', lastName: 'Lee' } },
    }),
  );
  done.push('signed up');
  const link = new URL(await confirmationLink(path.join(dataDir, 'outbox'), email, Date.now() + 30_000));
  Browser.expect('confirm the e-mail', 302, await browser.call('GET', link.pathname + link.search));
  done.push('confirmed by mail');

  const me = Browser.expect('GET /api/v1/users/', 200, await browser.call('GET', '/api/v1/users/'));
  const workspaceId = String(me.json?.data?.attributes?.lastUsedWorkspaceId ?? '');
  if (!workspaceId) throw new Error(`GET /api/v1/users/ names no workspace: ${me.text.slice(0, 300)}`);

  const metadata = Object.entries({ workspaceId, filename: 'Smoke clip.mp4', filetype: 'video/mp4' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = Browser.expect(
    'start an upload (tus POST /api/v1/uploads/)',
    201,
    await browser.call('POST', '/api/v1/uploads/', {
      headers: { ...TUS, 'upload-length': String(video.length), 'upload-metadata': metadata },
    }),
  );
  const finished = Browser.expect(
    'send the upload (tus PATCH)',
    200,
    await browser.call('PATCH', created.headers.get('location') ?? '', {
      body: video,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
  );
  const elementId = finished.headers.get('upload-element-id');
  done.push('uploaded a video');
  Browser.expect(
    'create a project from the upload',
    201,
    await browser.call('POST', '/api/v1/elements/create_with_project', { json: { workspaceId, elementId } }),
  );
  done.push('created a project from it');

  const list = Browser.expect(
    'list the projects',
    200,
    await browser.call('GET', `/api/v1/project_versions?workspaceId=${workspaceId}&page=1`),
  );
  const titles = (list.json?.data ?? []).map((row) => row.attributes?.title);
  if (!titles.includes('Smoke clip')) throw new Error(`the new project is not listed: ${JSON.stringify(titles)}`);
  done.push('listed it');
  return done;
}
