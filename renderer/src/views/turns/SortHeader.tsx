import type { SortDirection, TurnSort } from '../../../../app/contract';
import type { TurnOrder } from './useTurns';

/** The direction a column starts in when first clicked: names A to Z, numbers and times largest / newest first. */
export function firstDirection(sort: TurnSort): SortDirection {
  return sort === 'turnId' ? 'asc' : 'desc';
}

/** The order after a click on a column: the same column flips its direction, another starts in its first one. */
export function nextOrder(current: TurnOrder, sort: TurnSort): TurnOrder {
  return current.sort === sort ? { sort, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { sort, direction: firstDirection(sort) };
}

type Props = {
  readonly label: string;
  readonly sort: TurnSort;
  readonly order: TurnOrder;
  readonly onOrder: (order: TurnOrder) => void;
  readonly className?: string;
  readonly title: string;
};

/** A column header that sorts the turns list on the server: click sorts by it, a second click reverses. */
export function SortHeader({ label, sort, order, onOrder, className, title }: Props) {
  const active = order.sort === sort;
  return (
    <span className={className} aria-sort={active ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="header-sort" onClick={() => onOrder(nextOrder(order, sort))} title={`${title} (click again to reverse)`}>
        {label}
        {active ? (order.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </span>
  );
}
