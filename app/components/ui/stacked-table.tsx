import { clsx } from "clsx";

/** One column: its heading, and what a row shows under it. */
export interface StackedColumn<Row> {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The row's name (an invoice's number, a part): on a narrow screen it heads the row's card, with no label. */
  primary?: boolean;
  /** Text that needs the card's whole width on a narrow screen (a name, a description). */
  wide?: boolean;
  /** Kept on one line in the wide table (figures, dates, prices). */
  nowrap?: boolean;
  className?: string;
}

// The table is laid out as blocks on a narrow screen. Some screen readers (older Safari) then read
// it as no table at all, so every part names its table role itself, whatever its layout.
const roles = {
  table: { role: "table" },
  rowgroup: { role: "rowgroup" },
  row: { role: "row" },
  columnheader: { role: "columnheader" },
  rowheader: { role: "rowheader" },
  cell: { role: "cell" },
} as const;

/**
 * A table whose rows become cards on a screen narrower than `lg`, each value under its column's
 * name, so that a phone shows every column without a sideways scroll. It stays one `<table>`
 * with its column headings at every width: on a narrow screen the headings are read by screen
 * readers only, and the names shown beside each value are hidden from them (the heading says it).
 * A `footer` is one closing row ("Subtotal", its amount).
 */
export function StackedTable<Row>({
  rows,
  rowKey,
  columns,
  caption,
  labelledBy,
  footer,
  className,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly StackedColumn<Row>[];
  /** The table's name, read by screen readers; or `labelledBy`, the id of a heading that names it. */
  caption?: string;
  labelledBy?: string;
  footer?: { label: string; value: React.ReactNode };
  className?: string;
}) {
  return (
    <table
      {...roles.table}
      aria-labelledby={labelledBy}
      className={clsx("block w-full text-left text-sm lg:table", className)}
    >
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead {...roles.rowgroup} className="sr-only bg-slate-50 text-slate-700 lg:not-sr-only lg:table-header-group">
        <tr {...roles.row}>
          {columns.map((column) => (
            <th
              key={column.header}
              {...roles.columnheader}
              scope="col"
              className="px-6 py-3 font-semibold whitespace-nowrap"
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...roles.rowgroup} className="block divide-y divide-slate-200 lg:table-row-group">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            {...roles.row}
            className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-x-3 gap-y-2 px-6 py-4 lg:table-row lg:p-0"
          >
            {columns.map((column) => (
              <td
                key={column.header}
                {...roles.cell}
                className={clsx(
                  "min-w-0 lg:table-cell lg:px-6 lg:py-3",
                  (column.primary || column.wide) && "col-span-full",
                  column.nowrap && "lg:whitespace-nowrap",
                  column.className,
                )}
              >
                {!column.primary && (
                  <span aria-hidden="true" className="block text-xs font-medium text-slate-600 lg:hidden">
                    {column.header}
                  </span>
                )}
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot {...roles.rowgroup} className="block border-t border-slate-200 lg:table-footer-group">
          <tr {...roles.row} className="flex justify-between gap-4 px-6 py-3 font-semibold lg:table-row lg:p-0">
            <th {...roles.rowheader} scope="row" colSpan={columns.length - 1} className="lg:px-6 lg:py-3 lg:text-right">
              {footer.label}
            </th>
            <td {...roles.cell} className="whitespace-nowrap lg:px-6 lg:py-3">
              {footer.value}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
