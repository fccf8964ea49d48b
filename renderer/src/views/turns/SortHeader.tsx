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

/** The header's aria-sort for `sort` under the list's current order. */
export function ariaSort(order: TurnOrder, sort: TurnSort): 'ascending' | 'descending' | 'none' {
  if (order.sort !== sort) return 'none';
  return order.direction === 'asc' ? 'ascending' : 'descending';
}

type Props = {
  readonly label: string;
  readonly sort: TurnSort;
  readonly order: TurnOrder;
  readonly onOrder: (order: TurnOrder) => void;
  readonly title: string;
};

/** The button inside a column header that sorts the turns list on the server: a click sorts by it, a second reverses. */
export function SortButton({ label, sort, order, onOrder, title }: Props) {
  const active = order.sort === sort;
  return (
    <button type="button" className="header-sort" onClick={() => onOrder(nextOrder(order, sort))} title={`${title} (click again to reverse)`}>
      {label}
      {active ? (order.direction === 'asc' ? ' ▲' : ' ▼') : ''}
    </button>
  );
}
