import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asciiOf, base64ToBytes, hexRow, hexRowCount, offsetDigits } from '../../renderer/src/views/entry/hex';
import { HexDump, HexDumpRow } from '../../renderer/src/views/entry/HexDump';

afterEach(cleanup);

describe('hexRow', () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x41, 0x7e, 0x7f, 0x20, 0xff, 0x61, 0x62, 0x63, 0x0a]);

  it('formats offset, two 8-byte hex groups and the ASCII column with non-printables as "."', () => {
    expect(hexRow(bytes, 0, 0)).toEqual({ offset: '00000000', hex: '89 50 4e 47 0d 0a 1a 0a  00 41 7e 7f 20 ff 61 62', ascii: '.PNG.....A~. .ab' });
  });
  it('offsets a row by the slice start and pads a short last row', () => {
    expect(hexRow(bytes, 1, 0x1000)).toEqual({
      offset: '00001010',
      hex: `63 0a${'   '.repeat(6)}  ${['  ', '  ', '  ', '  ', '  ', '  ', '  ', '  '].join(' ')}`,
      ascii: 'c.',
    });
    expect(hexRow(bytes, 1, 0x1000).hex.length).toBe(hexRow(bytes, 0, 0).hex.length);
  });
  it('treats only 0x20..0x7e as printable', () => {
    expect([0x1f, 0x20, 0x7e, 0x7f, 0x80].map(asciiOf)).toEqual(['.', ' ', '~', '.', '.']);
  });
  it('widens the offset column beyond 4 GiB', () => {
    expect(offsetDigits(500 * 1024 * 1024)).toBe(8);
    expect(offsetDigits(2 ** 32 + 1)).toBe(9);
    expect(hexRow(bytes, 0, 2 ** 32, 9).offset).toBe('100000000');
  });
  it('counts rows and decodes base64', () => {
    expect(hexRowCount(0)).toBe(0);
    expect(hexRowCount(16)).toBe(1);
    expect(hexRowCount(17)).toBe(2);
    expect([...base64ToBytes('iVBORw==')]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});

describe('HexDump', () => {
  // jsdom has no layout: give elements a size so the virtualizer renders rows.
  const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  });
  afterAll(() => {
    if (saved) Object.defineProperty(HTMLElement.prototype, 'clientHeight', saved);
    else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
  it('renders a row as text: offset, bytes and ASCII (markup in the data stays text)', () => {
    const row = hexRow(new TextEncoder().encode('<b>hi</b>\u0000'), 0, 32);
    const { container } = render(<HexDumpRow {...row} />);
    expect(container.querySelector('.hex-offset')!.textContent).toBe('00000020');
    expect(container.querySelector('.hex-ascii')!.textContent).toBe('<b>hi</b>.');
    expect(container.querySelector('b')).toBeNull();
  });
  it('renders the visible rows of a page with absolute offsets', () => {
    const bytes = new Uint8Array(64).map((_, i) => i + 0x30);
    const { container } = render(<HexDump bytes={bytes} baseOffset={0x200} totalBytes={4096} />);
    const offsets = [...container.querySelectorAll('.virtual-row .hex-offset')].map((e) => e.textContent);
    expect(offsets).toEqual(['00000200', '00000210', '00000220', '00000230']);
    expect(container.querySelector('.virtual-row .hex-ascii')!.textContent).toBe('0123456789:;<=>?');
  });
});
