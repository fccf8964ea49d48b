/**
 * The renderer's Content-Security-Policy: only our own files; no inline script and no eval (no 'unsafe-*' in
 * script-src); images from self, blob: and data: (binary previews); no plugins, frames, forms or base rewrite.
 * Inline styles stay blocked: React's `style` props go through CSSOM, which CSP does not govern.
 * Sent as a response header by main and injected as a <meta> into dist/renderer/index.html by the build script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
].join('; ');

/** The policy as a response header value: the meta policy plus what only a header can carry. */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

/** Returns `html` with the policy as the first <meta> of <head> (replacing any existing CSP meta). */
export function withCspMeta(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`;
  const cleaned = html.replace(/<meta[^>]+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/gi, '');
  if (!/<head[^>]*>/i.test(cleaned)) throw new Error('index.html has no <head>');
  return cleaned.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`);
}
