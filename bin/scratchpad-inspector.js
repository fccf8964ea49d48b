#!/usr/bin/env node
// The `scratchpad-inspector` CLI: runs the TypeScript sources directly (no build step) by registering tsx's
// ESM loader, then hands over to app/cli/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../app/cli/main.ts');
