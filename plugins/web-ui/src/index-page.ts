import { etagOf } from './ui-assets';

/** The placeholder the UI's index.html carries (web/index.html), filled per response. */
const PUBLIC_URL_META = /<meta name="gateway-public-url" content="[^"]*"\s*\/?>/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

/**
 * index.html with `server.public_url` in a meta tag, which the UI reads for the
 * addresses in its examples: data in markup, since the policy allows no inline script.
 */
export function renderIndex(template: string, publicUrl: string | undefined): { html: string; etag: string } {
  const value = (publicUrl ?? '').replace(/[&"<>']/g, (c) => ESCAPES[c]);
  const html = template.replace(PUBLIC_URL_META, () => `<meta name="gateway-public-url" content="${value}" />`);
  return { html, etag: etagOf(html) };
}
