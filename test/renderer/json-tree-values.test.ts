import { describe, expect, it } from 'vitest';
import { valueText } from '../../renderer/src/views/entry/json/SelectedValue';
import { containerSummary } from '../../renderer/src/views/entry/json/TreeRows';

describe('containerSummary', () => {
  it('counts one item and one key in the singular', () => {
    expect(containerSummary({ kind: 'array', size: 1 })).toBe('[1 item]');
    expect(containerSummary({ kind: 'object', size: 1 })).toBe('{1 key}');
  });
  it('counts other sizes in the plural, with thousands separators', () => {
    expect(containerSummary({ kind: 'array', size: 50_000 })).toBe('[50,000 items]');
    expect(containerSummary({ kind: 'object', size: 0 })).toBe('{0 keys}');
    expect(containerSummary({ kind: 'object', size: 4 })).toBe('{4 keys}');
  });
  it('marks a container still being read with a "+" (and never says "1+ item")', () => {
    expect(containerSummary({ kind: 'array', size: 1, incomplete: true })).toBe('[1+ items]');
  });
});

describe('valueText', () => {
  it('unescapes a string value: quotes and newlines as they are, no JSON quoting', () => {
    expect(valueText(JSON.stringify('<img src=x onerror="a()">\n<script>b</script>'))).toEqual({
      text: '<img src=x onerror="a()">\n<script>b</script>',
      cut: false,
    });
  });
  it('shows other values as their JSON text', () => {
    expect(valueText('12.5')).toEqual({ text: '12.5', cut: false });
    expect(valueText('null')).toEqual({ text: 'null', cut: false });
  });
  it('cuts a long string at the limit, never inside a surrogate pair', () => {
    expect(valueText(JSON.stringify('abcdef'), 4)).toEqual({ text: 'abcd', cut: true });
    expect(valueText(JSON.stringify('ab😀cd'), 3)).toEqual({ text: 'ab', cut: true });
    expect(valueText(JSON.stringify('ab😀cd'), 4)).toEqual({ text: 'ab😀', cut: true });
  });
});
