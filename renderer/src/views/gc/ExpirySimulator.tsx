import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import type { GcResult } from '../../../../app/contract';
import { asScratchpadError, useApi, type ScratchpadError } from '../../api';
import { ErrorBox, Loading } from '../../components/States';
import { formatRelative, formatTime } from '../../../../app/common/format';
import { GcSummary, GcTurnsTable } from './GcTurnsTable';

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** Value for an <input type="datetime-local"> of a Unix-seconds time, in local time. */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Parses a datetime-local value (local time) into Unix seconds, or null when empty/invalid. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms / 1000;
}

const QUICK: readonly [string, number][] = [
  ['+1 hour', 3600],
  ['+1 day', 86400],
  ['+7 days', 7 * 86400],
  ['+30 days', 30 * 86400],
];

/** Pick a future time and see what gc would delete then (gcPreview with `now`; changes nothing). */
export function ExpirySimulator({ operator, revision = 0, onOpenTurn }: { operator: boolean; revision?: number; onOpenTurn?: (turnId: string) => void }) {
  const api = useApi();
  const [value, setValue] = useState(() => toLocalInput(Date.now() / 1000 + 86400));
  const [state, setState] = useState<{ loading: boolean; result?: GcResult; error?: ScratchpadError; inputError?: string }>({ loading: false });

  const simulate = async (at: number) => {
    setState({ loading: true });
    try {
      setState({ loading: false, result: await api.gcPreview({ now: at }) });
    } catch (e) {
      setState({ loading: false, error: asScratchpadError(e) });
    }
  };
  // After gc (or any store change) a shown simulation is recomputed at its time, so it never lists deleted rows.
  const shownAt = useRef<number | null>(null);
  shownAt.current = state.result?.now ?? null;
  const firstRevision = useRef(revision);
  const resimulate = useEffectEvent((at: number) => void simulate(at));
  useEffect(() => {
    if (revision === firstRevision.current) return;
    firstRevision.current = revision;
    if (shownAt.current !== null) resimulate(shownAt.current);
  }, [revision]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromLocalInput(value);
    if (at === null) return setState({ loading: false, inputError: 'Pick a date and time.' });
    void simulate(at);
  };

  return (
    <section className="card">
      <h2>Expiry simulator</h2>
      <p className="muted">
        Which rows would be expired (and deleted by gc) at a later time: every row that expires at or before the date and time you pick. Nothing is changed.
      </p>
      <form className="sim-form" onSubmit={submit}>
        <label className="field">
          <span>Expires at or before (local date and time)</span>
          <input
            type="datetime-local"
            className="sim-at"
            step={1}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={state.inputError ? true : undefined}
          />
        </label>
        <button type="submit">Simulate</button>
        {QUICK.map(([label, offset]) => (
          <button
            key={label}
            type="button"
            onClick={() => {
              const at = Date.now() / 1000 + offset;
              setValue(toLocalInput(at));
              void simulate(at);
            }}
          >
            {label}
          </button>
        ))}
      </form>
      {state.inputError && (
        <div className="field-error" role="alert">
          {state.inputError}
        </div>
      )}
      {state.loading && <Loading what="simulation" />}
      {state.error && <ErrorBox what="the simulation" error={state.error} />}
      {state.result && (
        <div className="sim-result" aria-live="polite">
          <p className="muted">
            At {formatTime(state.result.now)} ({formatRelative(state.result.now, Date.now() / 1000)}):
          </p>
          {state.result.deletedRows === 0 ? <p>No row would be expired then.</p> : <GcSummary result={state.result} verb="Expired then:" />}
          <GcTurnsTable result={state.result} operator={operator} onOpenTurn={onOpenTurn} />
        </div>
      )}
    </section>
  );
}
