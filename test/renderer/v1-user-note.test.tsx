import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../app/contract';
import { ApiProvider, createApi } from '../../renderer/src/api';
import { StoreRevisionProvider } from '../../renderer/src/hooks/useStoreRevision';
import { TurnsPage } from '../../renderer/src/views/turns/TurnsPage';
import { V1_USER_EMPTY } from '../../renderer/src/views/turns/TurnsList';
import { fakeBridge } from './fakeBridge';

afterEach(cleanup);

const session = (format: SessionInfo['format'], principal: SessionInfo['principal']): SessionInfo => ({
  file: '/tmp/runtime.db',
  format,
  readonly: false,
  principal,
  knownOwners: [],
  recentFiles: [],
});

function page(info: SessionInfo) {
  // A user sees no rows of a v1 file: the store answers an empty list, as it does for the real file.
  const fake = fakeBridge([], { session: info });
  return (
    <ApiProvider api={createApi(fake.bridge)}>
      <StoreRevisionProvider>
        <TurnsPage session={info} now={1_700_000_000} selection={{ turnId: null, entryId: null }} onSelect={() => {}} active />
      </StoreRevisionProvider>
    </ApiProvider>
  );
}

describe('the turns list of a Metnos v1 file viewed as a user', () => {
  it('says the rows have no owner and only the operator view shows them', async () => {
    render(page(session('metnos-v1', { kind: 'user', userId: 'alice' })));
    expect(await screen.findByText(V1_USER_EMPTY)).toBeTruthy();
    expect(V1_USER_EMPTY).toMatch(/no owner.*Only the operator view shows them/);
    expect(screen.queryByText(/no observation has been offloaded/)).toBeNull();
  });

  it('keeps the usual empty message for the operator and for v2 files', async () => {
    for (const info of [session('metnos-v1', { kind: 'operator' }), session('v2', { kind: 'user', userId: 'alice' })]) {
      const { unmount } = render(page(info));
      expect(await screen.findByText(/no observation has been offloaded to this file/)).toBeTruthy();
      expect(screen.queryByText(V1_USER_EMPTY)).toBeNull();
      unmount();
    }
  });
});
