// Runs electronegativity's programmatic API over one folder and prints its findings as JSON (used by
// electronegativity.test.ts in a child process: the tool sets globals and logs as it goes).
import { resolve } from 'node:path';

const mod = await import('@doyensec/electronegativity');
const run = mod.default.default ?? mod.default;
const input = resolve(process.argv[2] ?? 'main');
const electronVersion = process.argv[3] ?? '45.5.0';
const result = await run({ input, isRelative: true, electronVersionOverride: electronVersion });
const findings = result.issues.map((issue) => ({
  id: issue.id,
  file: issue.file,
  line: issue.location?.line ?? null,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  description: issue.description,
}));
process.stdout.write(`\n@@RESULT@@${JSON.stringify({ findings, errors: result.errors })}\n`);
