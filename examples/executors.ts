import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePng } from './png';

/** A web server log of `lines` lines (deterministic), with one ERROR and its stack trace near the end. */
export function serverLog(lines: number): { content: string; metadata: { path: string; lines: number } } {
  const out: string[] = [];
  const routes = ['/api/items', '/api/users', '/health', '/api/orders', '/static/app.js'];
  for (let i = 0; i < lines; i++) {
    const t = new Date(Date.UTC(2026, 10, 30, 9, 0, 0) + i * 750).toISOString();
    if (i === lines - 40) {
      out.push(`${t} ERROR orders  POST /api/orders 500 in 1204ms: deadlock detected while updating stock`);
      out.push('    at StockRepository.reserve (src/stock/repository.ts:88:13)');
      out.push('    at OrderService.place (src/orders/service.ts:41:7)');
      continue;
    }
    const route = routes[i % routes.length] ?? '/';
    out.push(`${t} INFO  http    GET ${route}/${(i * 7919) % 10_000} 200 in ${(i * 37) % 90}ms`);
  }
  return { content: out.join('\n') + '\n', metadata: { path: '/var/log/shop/server.log', lines } };
}

/** The installed npm packages of this checkout (name, version, description), as a `files`-style listing. */
export function packageListing(root: string): { entries: { name: string; version: string; description: string }[]; total: number } {
  const entries: { name: string; version: string; description: string }[] = [];
  const dir = join(root, 'node_modules');
  const names = readdirSync(dir).flatMap((n) => (n.startsWith('@') ? readdirSync(join(dir, n)).map((s) => `${n}/${s}`) : [n]));
  for (const name of names.sort()) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version?: string; description?: string };
      entries.push({ name, version: pkg.version ?? '?', description: (pkg.description ?? '').slice(0, 80) });
    } catch {
      // not a package folder (.bin, .cache...)
    }
  }
  return { entries, total: entries.length };
}

/** A screenshot as the browser executor returns it: PNG bytes plus light fields. */
export function screenshot(): { content: Buffer; mime: string; width: number; height: number } {
  return { content: makePng(96, 64), mime: 'image/png', width: 96, height: 64 };
}
