import { useMemo, useState } from 'react';
import type { EntryDescription } from '../../../../app/contract';
import { useApi } from '../../api';
import { ErrorBox, Loading } from '../../components/States';
import { formatBytes, formatCount } from '../../../../app/common/format';
import { useHotkeys } from '../../hooks/useHotkeys';
import { useQuery } from '../../hooks/useQuery';
import { CopyButton } from './CopyButton';
import { ExportButton } from './ExportButton';
import { base64ToBytes } from './hex';
import { HexDump } from './HexDump';
import { ImagePreview, isPreviewable } from './ImagePreview';
import { nextWindow, previousWindow, windowAt, type SliceMode, type Window } from './slice';
import { SliceControls } from './SliceControls';

/** Bytes per hex dump page (one range read). */
export const HEX_PAGE_BYTES = 65_536;

/** The first hex page of an entry of `size` bytes. */
export function firstHexPage(size: number): Window {
  return { start: 0, end: Math.min(size, HEX_PAGE_BYTES) };
}

/** The hex page that opens at byte `offset` (a search hit or a link): from the start of its 16-byte row. */
export function hexPageAt(offset: number, total: number): Window {
  return alignedWindow(windowAt(offset - (offset % 16), HEX_PAGE_BYTES, total), total);
}

/**
 * A binary entry: full sha256 with copy, detected type, image preview, export with progress and a hex
 * dump paged by range reads (one page of at most 1 MiB in memory, fine on a 500 MB row). `mark` (absolute bytes)
 * is highlighted in the dump, e.g. the search hit or link offset the entry was opened at.
 */
export function BinaryTab({
  description,
  page,
  onPage,
  active,
  mark = null,
}: {
  description: EntryDescription;
  page: Window;
  onPage: (w: Window) => void;
  active: boolean;
  mark?: { start: number; end: number } | null;
}) {
  const api = useApi();
  const { meta, sha256, detectedType } = description;
  const total = meta.sizeBytes;
  const empty = total === 0;
  const read = useQuery(() => api.entryRead({ id: meta.id, mode: 'range', start: page.start, end: page.end }), [meta.id, page.start, page.end], !empty);
  const bytes = useMemo(() => (read.data ? base64ToBytes(read.data.content) : null), [read.data]);
  const next = nextWindow(page, total);
  const previous = previousWindow(page, total);
  // The mode of the read on screen, for the mode menu: what the form last read, "range" after next/previous or a
  // jump (and for a page opened at a search hit or a link).
  const [mode, setMode] = useState<SliceMode>(() => (page.start === 0 ? 'head' : 'range'));
  const goTo = (window: Window, how: SliceMode = 'range') => {
    setMode(how);
    onPage(window);
  };
  useHotkeys({ n: () => next && goTo(next), p: () => previous && goTo(previous) }, active);

  return (
    <div className="binary-tab">
      <dl className="facts">
        <dt>sha256</dt>
        <dd className="sha">
          <code className="mono selectable">{sha256}</code> <CopyButton text={sha256} label="Copy sha256" />
        </dd>
        <dt>Detected type</dt>
        <dd>{detectedType ?? 'unknown'}</dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(total)} ({formatCount(total)} bytes)
        </dd>
      </dl>
      <ExportButton id={meta.id} />
      {isPreviewable(detectedType) && detectedType && <ImagePreview meta={meta} type={detectedType} />}
      <h3 className="section-title">Hex dump</h3>
      {empty ? (
        <div className="state state-empty">This entry holds 0 bytes.</div>
      ) : (
        <>
          <SliceControls
            unit="bytes"
            total={total}
            current={read.data ? { start: read.data.meta.start, end: read.data.meta.end } : page}
            pending={read.pending}
            onRead={(request) => {
              if (request.mode === 'range') goTo({ start: request.start ?? 0, end: request.end ?? total });
              else if (request.mode === 'head') goTo({ start: 0, end: Math.min(total, request.n ?? HEX_PAGE_BYTES) }, 'head');
              else goTo({ start: Math.max(0, total - (request.n ?? HEX_PAGE_BYTES)), end: total }, 'tail');
            }}
            onNext={next ? () => goTo(next) : null}
            onPrevious={previous ? () => goTo(previous) : null}
            onJump={(offset) => goTo(hexPageAt(offset, total))}
            mode={mode}
          />
          {read.status === 'error' && read.error ? (
            <ErrorBox what="bytes" error={read.error} onRetry={read.reload} />
          ) : bytes && read.data ? (
            <HexDump bytes={bytes} baseOffset={read.data.meta.start} totalBytes={total} mark={mark} />
          ) : (
            <Loading what="bytes" />
          )}
        </>
      )}
    </div>
  );
}

/** Starts a window on a 16-byte row boundary (the hex dump's rows), keeping its width within the total. */
function alignedWindow(window: Window, total: number): Window {
  const start = window.start - (window.start % 16);
  return { start, end: Math.min(total, start + (window.end - window.start)) };
}
