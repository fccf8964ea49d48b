import { Suspense, useCallback, useEffect, useState } from 'react';
import type { SearchHit } from '../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from './api';
import { ConnectionDialog } from './components/ConnectionDialog';
import { HelpOverlay } from './components/HelpOverlay';
import { LinkNotice } from './components/LinkNotice';
import { SessionBar } from './components/SessionBar';
import { baseName } from '../../app/common/format';
import { useDeepLinks } from './hooks/useDeepLinks';
import { useHotkeys } from './hooks/useHotkeys';
import { useNow } from './hooks/useNow';
import { useTheme, type ThemeChoice } from './hooks/useTheme';
import { useQuery } from './hooks/useQuery';
import { StoreRevisionProvider, useStoreRevision } from './hooks/useStoreRevision';
import { Loading } from './components/States';
import { GcPage, preloadPages, SearchPage, StatsPage } from './lazyPages';
import { useSearch } from './views/search/useSearch';
import { TurnsPage, type Selection } from './views/turns/TurnsPage';

/** The app's pages. */
export type Page = 'turns' | 'search' | 'gc' | 'stats';
const PAGES: readonly [Page, string, string][] = [
  ['turns', 'Turns', '1'],
  ['gc', 'gc', '2'],
  ['stats', 'Stats', '3'],
  ['search', 'Search', '4'],
];

/** Root: the store revision provider around the shell. */
export function App() {
  return (
    <StoreRevisionProvider>
      <Shell />
    </StoreRevisionProvider>
  );
}

function Shell() {
  const api = useApi();
  const store = useStoreRevision();
  const now = useNow();
  const [page, setPage] = useState<Page>('turns');
  const [help, setHelp] = useState(false);
  const [theme, setTheme] = useTheme();
  const [selection, setSelection] = useState<Selection>({ turnId: null, entryId: null });
  const [actionError, setActionError] = useState<ScratchpadError | undefined>();
  // The search lives here so its hits survive a visit to the entry a hit opened.
  const search = useSearch();
  const session = useQuery(() => api.sessionInfo({}), [store.revision]);
  useEffect(() => {
    const timer = setTimeout(preloadPages, 2000);
    return () => clearTimeout(timer);
  }, []);
  const file = session.data?.file;
  useEffect(() => {
    document.title = file ? `${baseName(file)} — Scratchpad Inspector` : 'Scratchpad Inspector';
  }, [file]);

  const sessionAction = useCallback(
    async (action: () => Promise<unknown>) => {
      setActionError(undefined);
      try {
        const changed = await action();
        if (changed !== null) {
          setSelection({ turnId: null, entryId: null });
          store.refresh();
        }
      } catch (e) {
        setActionError(asScratchpadError(e));
      }
    },
    [store],
  );
  const openFile = () => sessionAction(() => api.fileOpen({}));
  // File › Open connection… (main's menu) asks for the connection dialog.
  const [connecting, setConnecting] = useState(false);
  useEffect(() => api.on('connection:prompt', () => setConnecting(true)), [api]);
  const closeConnection = useCallback(() => setConnecting(false), []);
  const connect = useCallback(
    async (url: string, password: string | undefined) => {
      await api.connectionOpen(password === undefined ? { url } : { url, password });
      setConnecting(false);
      setSelection({ turnId: null, entryId: null });
      store.refresh();
    },
    [api, store],
  );
  const choosePrincipal = () => sessionAction(() => api.principalChoose({}));

  useHotkeys(
    {
      '?': () => setHelp((h) => !h),
      '1': () => setPage('turns'),
      '2': () => setPage('gc'),
      '3': () => setPage('stats'),
      '4': () => setPage('search'),
      r: store.refresh,
      o: () => void openFile(),
      a: () => void choosePrincipal(),
    },
    !help && !connecting,
  );

  const openHit = useCallback((hit: SearchHit) => {
    setSelection({ turnId: hit.turnId, entryId: hit.id, at: { entryId: hit.id, offset: hit.offset, length: hit.length } });
    setPage('turns');
  }, []);

  // A deep link selects its turn and entry and opens it at the offset (like a search hit, of length 0).
  const links = useDeepLinks(
    useCallback(({ turnId, entryId, offset }) => {
      setSelection({ turnId, entryId, at: offset === null ? null : { entryId, offset, length: 0 } });
      setPage('turns');
    }, []),
  );

  // Ctrl/Cmd+Shift+F: search across entries, from anywhere (also while typing).
  useEffect(() => {
    if (help) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setPage('search');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [help]);

  return (
    <div className="app">
      <SessionBar
        session={session.data}
        error={session.error}
        store={store}
        refreshing={session.pending && session.data !== undefined}
        actionError={actionError}
        onOpenFile={() => void openFile()}
        onOpenRecent={(index) => void sessionAction(() => api.fileOpen({ recentIndex: index }))}
        onChoosePrincipal={() => void choosePrincipal()}
      />
      <nav className="nav" aria-label="Pages">
        {PAGES.map(([id, label, key]) => (
          <button
            key={id}
            type="button"
            className={page === id ? 'nav-item active' : 'nav-item'}
            aria-current={page === id ? 'page' : undefined}
            onClick={() => setPage(id)}
          >
            {label} <kbd>{key}</kbd>
          </button>
        ))}
        <span className="nav-spacer" />
        <label className="theme-choice">
          Theme{' '}
          <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)} aria-label="Theme">
            <option value="system">system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>
        <button type="button" className="nav-item" onClick={() => setHelp(true)} aria-label="Keyboard shortcuts">
          Shortcuts <kbd>?</kbd>
        </button>
      </nav>
      {links.failure && <LinkNotice failure={links.failure} onDismiss={links.dismiss} />}
      <main className="main">
        {page === 'turns' && <TurnsPage session={session.data} now={now} selection={selection} onSelect={setSelection} active={!help && !connecting} />}
        {page === 'gc' && (
          <Suspense fallback={<Loading what="gc" />}>
            <GcPage
              session={session.data}
              onOpenTurn={(turnId) => {
                setSelection({ turnId, entryId: null });
                setPage('turns');
              }}
            />
          </Suspense>
        )}
        {page === 'stats' && (
          <Suspense fallback={<Loading what="stats" />}>
            <StatsPage />
          </Suspense>
        )}
        {page === 'search' && (
          <Suspense fallback={<Loading what="search" />}>
            <SearchPage search={search} onOpenHit={openHit} />
          </Suspense>
        )}
      </main>
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {connecting && <ConnectionDialog recent={session.data?.recentFiles ?? []} onConnect={connect} onClose={closeConnection} />}
    </div>
  );
}
