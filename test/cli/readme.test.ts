// The README's command table and engine section against the code: a command, option or tool added to the code
// fails here until the README names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../app/cli/program';
import * as engine from '../../app/engine';
import { Capture } from './helpers';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
const program = buildProgram({ stdout: new Capture(), stderr: new Capture(), env: {}, now: () => 0 });

/** The command table's rows that start with `name` (a command may have several, e.g. read and read --lines). */
function rowsOf(name: string): string {
  return README.split('\n')
    .filter((l) => l.startsWith(`| \`${name} `) || l.startsWith(`| \`${name}\``))
    .join('\n');
}

describe('README command table', () => {
  it('has a row for every command, naming each of its options (long or short flag)', () => {
    const missing: string[] = [];
    for (const command of program.commands) {
      const rows = rowsOf(command.name());
      if (rows === '') missing.push(command.name());
      for (const option of command.options) {
        const flags = [option.long, option.short].filter((f): f is string => f !== undefined);
        if (!flags.some((f) => rows.includes(f))) missing.push(`${command.name()} ${option.flags}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every --sort value of turns', () => {
    const sort = program.commands.find((c) => c.name() === 'turns')?.options.find((o) => o.long === '--sort');
    expect(sort?.argChoices).toEqual(['time', 'size', 'lastCreated', 'totalBytes']);
    const row = rowsOf('turns');
    expect((sort?.argChoices ?? []).filter((v) => !new RegExp(`\\b${v}\\b`).test(row))).toEqual([]);
  });
});

describe('README engine integration', () => {
  it('names every tool toolsForTurn offers and the handler that serves it', () => {
    const section = README.slice(README.indexOf('### Engine integration'), README.indexOf('## Benchmarks'));
    const tools = [engine.SCRATCHPAD_READ_TOOL.name, engine.SCRATCHPAD_SEARCH_TOOL.name];
    expect(tools).toEqual(['scratchpad_read', 'scratchpad_search']);
    for (const [tool, handler] of [
      ['scratchpad_read', 'handleScratchpadRead'],
      ['scratchpad_search', 'handleScratchpadSearch'],
    ] as const) {
      expect(typeof engine[handler]).toBe('function');
      expect([section.includes(`\`${tool}\``), section.includes(`\`${handler}(`)]).toEqual([true, true]);
    }
  });
});
