import { prefetchJsonOutline } from './json/prefetchOutline';
import { forwardRef, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EntryDescription, ReadLogEntry, ReadOptions } from '../../../../app/contract';
import { formatDeepLink } from '../../../../app/contract/deep-link';
import { entryExpiresAt } from '../../../../app/contract/expiry';
import { useApi } from '../../api';
import { ExpiryBadge } from '../../components/ExpiryBadge';
import { ErrorBox, Loading } from '../../components/States';
import { formatBytes } from '../../../../app/common/format';
import { isTypingTarget, useHotkeys } from '../../hooks/useHotkeys';
import type { Match } from './find/marks';
import { useQuery } from '../../hooks/useQuery';
import { CompareButton } from '../compare/CompareButton';
import { CopyButton } from './CopyButton';
import { BinaryTab, firstHexPage, hexPageAt, HEX_PAGE_BYTES } from './BinaryTab';
import { ContentTab, initialRequest } from './ContentTab';
import { DetailsTab } from './DetailsTab';
import { ModelSawTab } from './ModelSawTab';
import { DEFAULT_SLICE, MAX_SLICE, windowAt, type Window } from './slice';

/** The entry view's tabs; Binary is offered for binary rows, Content for text rows. */
export type EntryTab = 'model' | 'content' | 'binary' | 'details';
const LABELS: Record<EntryTab, string> = { model: 'What the model saw', content: 'Content', binary: 'Binary', details: 'Details' };
/** Shorter tab labels a short window shows (the full label stays the tab's name), so the entry's title has room. */
const SHORT_LABELS: Partial<Record<EntryTab, string>> = { model: 'Model saw' };

/** Tabs offered for an entry of this kind. */
export function tabsFor(kind: 'text' | 'binary'): EntryTab[] {
  return kind === 'text' ? ['model', 'content', 'details'] : ['model', 'binary', 'details'];
}

type Props = {
  id: string;
  revision: number;
  now: number;
  /** Single-key shortcuts on (off while an overlay is open). */
  hotkeys?: boolean;
  /** False for formats that keep no read log (metnos-v1), to explain an empty list. */
  readLogKept?: boolean;
  /** The entry view fills the page (the turns and entries panes are hidden). */
  maximized?: boolean;
  onToggleMaximized?: () => void;
  /** Selects another entry (of the same turn), e.g. the step a read belongs to. */
  onOpenEntry?: (entryId: string) => void;
  /** The open file, for "Copy link" (absent: no link button). */
  dbPath?: string;
  /** A match to open the entry at and highlight (a search hit, a link): Content for text (code points), the hex dump for binary (bytes); a new object opens it again. */
  at?: Match | null;
};

/** One entry: describe() once per id (and on store changes), then the four tabs. */
export const EntryView = forwardRef<HTMLDivElement, Props>(function EntryView(
  { id, revision, now, hotkeys = true, readLogKept = true, maximized = false, onToggleMaximized, onOpenEntry, dbPath, at = null },
  ref,
) {
  const api = useApi();
  const described = useQuery(() => api.entryDescribe({ id }), [id, revision]);
  const description = described.data && described.data.meta.id === id ? described.data : undefined;
  if (described.status === 'error' && described.error && (!description || described.error.code === 'NOT_FOUND')) {
    return (
      <div className="entry-view" ref={ref} tabIndex={-1}>
        <ErrorBox
          what={described.error.code === 'NOT_FOUND' ? 'this entry: it no longer exists (gc may have deleted it) or you may not see it' : 'this entry'}
          error={described.error}
          onRetry={described.reload}
        />
      </div>
    );
  }
  if (!description) {
    return (
      <div className="entry-view" ref={ref} tabIndex={-1}>
        <Loading what="entry" />
      </div>
    );
  }
  return (
    <EntryTabs
      key={id}
      ref={ref}
      description={description}
      revision={revision}
      now={now}
      hotkeys={hotkeys}
      readLogKept={readLogKept}
      maximized={maximized}
      onToggleMaximized={onToggleMaximized}
      onOpenEntry={onOpenEntry}
      dbPath={dbPath}
      at={at}
    />
  );
});

type TabsProps = {
  description: EntryDescription;
  revision: number;
  now: number;
  hotkeys: boolean;
  readLogKept: boolean;
  maximized: boolean;
  onToggleMaximized: (() => void) | undefined;
  onOpenEntry: ((entryId: string) => void) | undefined;
  dbPath: string | undefined;
  at: Match | null;
};

const EntryTabs = forwardRef<HTMLDivElement, TabsProps>(function EntryTabs(
  { description, revision, now, hotkeys, readLogKept, maximized, onToggleMaximized, onOpenEntry, dbPath, at },
  ref,
) {
  const { meta } = description;
  const api = useApi();
  const tabs = tabsFor(meta.kind);
  const textAt = meta.kind === 'text' ? at : null;
  const binaryAt = meta.kind === 'binary' ? at : null;
  const [tab, setTab] = useState<EntryTab>(textAt ? 'content' : binaryAt ? 'binary' : 'model');
  const [request, setRequest] = useState<ReadOptions>(() =>
    textAt
      ? { mode: 'range', ...windowAt(Math.max(0, textAt.offset - DEFAULT_SLICE / 4), DEFAULT_SLICE, meta.lengthCodePoints ?? textAt.offset + DEFAULT_SLICE) }
      : initialRequest(meta),
  );
  const [findOpen, setFindOpen] = useState(false);
  // A search hit opened on this entry (again): show Content there.
  useEffect(() => {
    if (textAt) setTab('content');
  }, [textAt]);
  const openFind = () => {
    if (meta.kind !== 'text') return false;
    setTab('content');
    setFindOpen(true);
    return true;
  };
  // Ctrl/Cmd+F opens find wherever focus is (the entry is on screen); '/' only inside the entry view (elsewhere
  // it filters turns). Attached before paint (layout effect), so Ctrl+F pressed as the entry appears is not lost.
  useLayoutEffect(() => {
    if (!hotkeys) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'f' && openFind()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const onViewKey = (event: KeyboardEvent) => {
    if (event.key === '/' && hotkeys && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target) && openFind())
      event.preventDefault();
  };
  const [page, setPage] = useState<Window>(() => (binaryAt ? hexPageAt(binaryAt.offset, meta.sizeBytes) : firstHexPage(meta.sizeBytes)));
  // A binary hit or link opened on this entry (again): the hex dump at its byte, highlighted.
  useEffect(() => {
    if (!binaryAt) return;
    setTab('binary');
    setPage(hexPageAt(binaryAt.offset, meta.sizeBytes));
  }, [binaryAt, meta.sizeBytes]);
  const tabRefs = useRef<Partial<Record<EntryTab, HTMLButtonElement | null>>>({});

  useHotkeys(
    {
      m: () => setTab('model'),
      c: () => {
        if (!tabs.includes('content')) return;
        prefetchJsonOutline(api, meta);
        setTab('content');
      },
      b: () => tabs.includes('binary') && setTab('binary'),
      d: () => setTab('details'),
    },
    hotkeys,
  );
  useEffect(() => {
    if (!tabs.includes(tab)) setTab('model');
  }, [tab, tabs]);

  const openRead = (read: ReadLogEntry) => {
    if (meta.kind === 'binary') {
      setPage(
        read.end > read.start
          ? { start: read.start, end: Math.min(read.end, read.start + HEX_PAGE_BYTES * 16) }
          : windowAt(read.start, HEX_PAGE_BYTES, meta.sizeBytes),
      );
      setTab('binary');
    } else {
      setRequest(
        read.end > read.start
          ? { mode: 'range', start: read.start, end: Math.min(read.end, read.start + MAX_SLICE.code_points) }
          : { mode: 'range', start: read.start, end: read.start + 1 },
      );
      setTab('content');
    }
  };

  const onTabKey = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    let next: EntryTab | undefined;
    if (event.key === 'ArrowRight') next = tabs[(index + 1) % tabs.length];
    else if (event.key === 'ArrowLeft') next = tabs[(index - 1 + tabs.length) % tabs.length];
    else if (event.key === 'Home') next = tabs[0];
    else if (event.key === 'End') next = tabs[tabs.length - 1];
    if (next) {
      event.preventDefault();
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  };

  return (
    <div className="entry-view" ref={ref} tabIndex={-1} aria-label={`Entry ${meta.id}`} data-ready="true" onKeyDown={onViewKey}>
      <div className="entry-head">
        {/* In a short window the header keeps one row: this label gives way (cut with an ellipsis) first. */}
        <span className="entry-label" title={`${meta.executorName ?? 'entry'} · step ${meta.stepNum ?? '—'} · ${meta.kind} · ${formatBytes(meta.sizeBytes)}`}>
          <span className="entry-title mono" title={meta.id}>
            {meta.executorName ?? 'entry'} · step {meta.stepNum ?? '—'}
          </span>
          <span className="muted">
            {meta.kind}
            {meta.structured ? ' (json)' : ''} · {formatBytes(meta.sizeBytes)}
          </span>
          <ExpiryBadge expiresAt={entryExpiresAt(meta)} now={now} />
        </span>
        <div className="tabs" role="tablist" aria-label="Entry views" onKeyDown={onTabKey}>
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              ref={(el) => {
                tabRefs.current[t] = el;
              }}
              className={tab === t ? 'tab active' : 'tab'}
              aria-label={SHORT_LABELS[t] ? LABELS[t] : undefined}
              onClick={() => {
                if (t === 'content') prefetchJsonOutline(api, meta);
                setTab(t);
              }}
              onPointerEnter={t === 'content' ? () => prefetchJsonOutline(api, meta) : undefined}
            >
              {SHORT_LABELS[t] ? (
                <>
                  <span className="wide-only">{LABELS[t]}</span>
                  <span className="short-only" aria-hidden="true">
                    {SHORT_LABELS[t]}
                  </span>
                </>
              ) : (
                LABELS[t]
              )}
            </button>
          ))}
        </div>
        <span className="entry-head-actions">
          <CompareButton entry={meta} revision={revision} now={now} />
          {/* One "Copy" group with short labels keeps the header on one row at 1024 px when maximized. */}
          <span className="copy-group" role="group" aria-label="Copy">
            <span className="copy-group-label" aria-hidden="true">
              Copy
            </span>
            <CopyButton text={meta.id} label="id" ariaLabel="Copy id" title={`Copy the entry id ${meta.id}`} />
            <CopyButton text={meta.turnId} label="turn id" ariaLabel="Copy turn id" title={`Copy the turn id ${meta.turnId}`} />
            {dbPath !== undefined && (
              <CopyButton
                text={() =>
                  formatDeepLink({ db: dbPath, id: meta.id, ...(offsetOf(tab, request, page) !== undefined ? { offset: offsetOf(tab, request, page) } : {}) })
                }
                label="link"
                ariaLabel="Copy link"
                title="Copy a scratchpad-inspector:// link to this entry (and the offset on screen)"
              />
            )}
          </span>
          {onToggleMaximized && (
            <button
              type="button"
              onClick={onToggleMaximized}
              aria-pressed={maximized}
              aria-label={maximized ? 'Restore' : 'Maximize'}
              title={maximized ? 'Restore the panes (f)' : 'Maximize the entry view (f)'}
            >
              <span className="wide-only">{maximized ? 'Restore' : 'Maximize'}</span>
              <span className="short-only" aria-hidden="true">
                {maximized ? '⤡' : '⤢'}
              </span>{' '}
              <kbd>f</kbd>
            </button>
          )}
        </span>
      </div>
      <div className={`tab-panel tab-panel-${tab}`} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {tab === 'model' && (
          <ModelSawTab description={description} revision={revision} now={now} onOpenRead={openRead} readLogKept={readLogKept} onOpenEntry={onOpenEntry} />
        )}
        {tab === 'content' && (
          <ContentTab
            meta={meta}
            request={request}
            onRequest={setRequest}
            active={hotkeys}
            findOpen={findOpen}
            onCloseFind={() => setFindOpen(false)}
            target={textAt}
          />
        )}
        {tab === 'binary' && (
          <BinaryTab
            description={description}
            page={page}
            onPage={setPage}
            active={hotkeys}
            mark={binaryAt ? { start: binaryAt.offset, end: binaryAt.offset + binaryAt.length } : null}
          />
        )}
        {tab === 'details' && <DetailsTab description={description} now={now} />}
      </div>
    </div>
  );
});

/** The offset a link keeps: the start of the range on screen in Content or Binary, else none. */
function offsetOf(tab: EntryTab, request: ReadOptions, page: Window): number | undefined {
  if (tab === 'binary') return page.start > 0 ? page.start : undefined;
  if (tab === 'content' && request.mode === 'range' && (request.start ?? 0) > 0) return request.start;
  return undefined;
}
