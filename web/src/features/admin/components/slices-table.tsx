/**
 * The slices table (docs/product.md): preview colour (the colour the wheel really shows), name,
 * comment, colour (the one drawn: a slice that takes the wheel's colours says so), Edit and Delete,
 * plus each slice's odds (weight and share of the in-stock total), stock and validity. Where its
 * box is narrower than the table needs (a tablet, or beside the live preview), each row is a card
 * with its column names (a container query in slices-table.css); words never break mid-letter.
 */
import { ADMIN_TEXT, formatOddsPercent } from '@shared/messages-admin';
import { oddsShare } from '@shared/slice';
import type { Slice } from '@shared/types';
import './slices-table.css';

export interface SlicesTableProps {
  slices: readonly Slice[];
  onEdit: (slice: Slice) => void;
  onDelete: (slice: Slice) => void;
  /** Id of the slice being deleted: its buttons are disabled meanwhile. */
  busyId?: string;
  /** Each slice's colour on the wheel preview, by slice id (a sold-out slice is not on it). */
  previewColors: ReadonlyMap<string, string>;
}

/**
 * The colour a slice is drawn in, as text: its own, or the wheel's colour it takes (said so); a
 * slice not on the wheel (sold out) shows its own.
 */
function drawnColor(slice: Slice, previewColors: ReadonlyMap<string, string>): string {
  const drawn = previewColors.get(slice.id);
  if (!drawn || drawn.toLowerCase() === slice.bgColor.toLowerCase()) return slice.bgColor;
  return ADMIN_TEXT.wheelColorTaken(drawn);
}

/** The table, or the required empty-state text when there are no slices. */
export function SlicesTable({ slices, onEdit, onDelete, busyId, previewColors }: SlicesTableProps) {
  if (slices.length === 0) return <p className="slices-empty">{ADMIN_TEXT.noSlices}</p>;
  return (
    <div className="slices-table__box">
      <table className="slices-table">
        <thead>
          <tr>
            <th scope="col">{ADMIN_TEXT.previewColumn}</th>
            <th scope="col">{ADMIN_TEXT.nameColumn}</th>
            <th scope="col">{ADMIN_TEXT.commentColumn}</th>
            <th scope="col">{ADMIN_TEXT.colorColumn}</th>
            <th scope="col">{ADMIN_TEXT.oddsColumn}</th>
            <th scope="col">{ADMIN_TEXT.stockColumn}</th>
            <th scope="col">{ADMIN_TEXT.validColumn}</th>
            <th scope="col">{ADMIN_TEXT.actionsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {slices.map((slice) => {
            const outOfStock = slice.stock === 0;
            return (
              <tr key={slice.id} className={outOfStock ? 'slices-table__row--out' : undefined}>
                <td data-label={ADMIN_TEXT.previewColumn}>
                  <span
                    className="slices-table__swatch"
                    style={{ background: previewColors.get(slice.id) ?? slice.bgColor }}
                    aria-hidden="true"
                  />
                </td>
                <td data-label={ADMIN_TEXT.nameColumn} className="slices-table__name">
                  {slice.name}
                </td>
                <td data-label={ADMIN_TEXT.commentColumn} className="slices-table__comment">
                  {slice.comment}
                </td>
                <td data-label={ADMIN_TEXT.colorColumn} className="slices-table__code">
                  {drawnColor(slice, previewColors)}
                </td>
                <td data-label={ADMIN_TEXT.oddsColumn} className="slices-table__odds">
                  {slice.weight} ({formatOddsPercent(oddsShare(slice, slices) * 100)})
                </td>
                <td data-label={ADMIN_TEXT.stockColumn}>
                  {slice.stock === null ? (
                    ADMIN_TEXT.unlimited
                  ) : outOfStock ? (
                    <span className="slices-badge">{ADMIN_TEXT.outOfStock}</span>
                  ) : (
                    slice.stock
                  )}
                </td>
                <td data-label={ADMIN_TEXT.validColumn}>
                  {slice.validDays === null
                    ? ADMIN_TEXT.noExpiry
                    : ADMIN_TEXT.validDaysShort(slice.validDays)}
                </td>
                <td data-label={ADMIN_TEXT.actionsColumn}>
                  <div className="slices-table__actions">
                    <button
                      type="button"
                      className="ui-button ui-button--secondary ui-button--small"
                      aria-label={`${ADMIN_TEXT.edit} ${slice.name}`}
                      disabled={busyId === slice.id}
                      onClick={() => onEdit(slice)}
                    >
                      {ADMIN_TEXT.edit}
                    </button>
                    <button
                      type="button"
                      className="ui-button ui-button--danger ui-button--small"
                      aria-label={`${ADMIN_TEXT.delete} ${slice.name}`}
                      disabled={busyId === slice.id}
                      onClick={() => onDelete(slice)}
                    >
                      {ADMIN_TEXT.delete}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
