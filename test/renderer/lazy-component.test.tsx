import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { lazyComponent } from '../../renderer/src/components/lazyComponent';

/** A promise with its resolve and reject in reach. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((c) => c + 1)}>
      Hello {name} ({clicks})
    </button>
  );
}

afterEach(cleanup);

describe('lazyComponent', () => {
  test('shows the fallback until the chunk loads, then the component with its props', async () => {
    const chunk = deferred<typeof Greeting>();
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(() => {
      loads++;
      return chunk.promise;
    });
    render(
      <Suspense fallback={<p>Loading page…</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading page…')).toBeTruthy();
    await act(async () => chunk.resolve(Greeting));
    expect((await screen.findByRole('button')).textContent).toBe('Hello Ada (0)');
    expect(screen.queryByText('Loading page…')).toBeNull();
    expect(loads).toBe(1);
  });

  test('once preloaded, renders the component in its first commit (no fallback) and loads only once', async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(async () => {
      loads++;
      return Greeting;
    });
    expect(await Lazy.preload()).toBe(Greeting);
    render(
      <Suspense fallback={<p>Loading page…</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    // getBy, not findBy: the content is there right after the first render.
    expect(screen.getByRole('button').textContent).toBe('Hello Grace (0)');
    expect(screen.queryByText('Loading page…')).toBeNull();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  test('a mount that started on the fallback keeps its state when it re-renders after the load', async () => {
    const chunk = deferred<typeof Greeting>();
    const Lazy = lazyComponent<{ name: string }>(() => chunk.promise);
    function Host() {
      const [name, setName] = useState('Ada');
      return (
        <>
          <button type="button" onClick={() => setName('Lin')}>
            rename
          </button>
          <Suspense fallback={<p>Loading page…</p>}>
            <Lazy name={name} />
          </Suspense>
        </>
      );
    }
    render(<Host />);
    await act(async () => chunk.resolve(Greeting));
    const greeting = await screen.findByRole('button', { name: /^Hello Ada/ });
    act(() => greeting.click());
    expect(greeting.textContent).toBe('Hello Ada (1)');
    act(() => screen.getByRole('button', { name: 'rename' }).click());
    // The same element, with its count: the wrapper did not switch to another component type and remount.
    expect(greeting.isConnected).toBe(true);
    expect(greeting.textContent).toBe('Hello Lin (1)');
  });

  test('a failed load is tried again by the next preload', async () => {
    let loads = 0;
    const Lazy = lazyComponent<{ name: string }>(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk missing');
      return Greeting;
    });
    await expect(Lazy.preload()).rejects.toThrow('chunk missing');
    expect(await Lazy.preload()).toBe(Greeting);
    expect(loads).toBe(2);
  });
});
