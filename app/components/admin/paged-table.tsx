import { clsx } from "clsx";
import { Card, CardContent } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { Pagination } from "./admin-shell";

/**
 * A back-office list, one page of it: a table that scrolls sideways inside its card (holding its
 * positioned parts, so none sticks out of a phone's page), a sentence in its place when the page is
 * empty, and Previous / Page n of m / Next under the card when the list has more than one page.
 */
export function PagedTable<Row>({
  rows,
  children,
  caption,
  columns,
  empty,
  pages,
  className,
  tableClassName,
  regionLabel,
}: {
  rows: readonly Row[];
  /** One row of the table, with its key. */
  children: (row: Row) => React.ReactNode;
  /** The table's name for screen readers. */
  caption: string;
  columns: readonly string[];
  /** Said instead of the table when there are no rows. */
  empty: string;
  /** Left out for a list that is always whole on one page. */
  pages?: React.ComponentProps<typeof Pagination>;
  className?: string;
  tableClassName?: string;
  /**
   * For a table that holds nothing focusable: the scrolling region takes the focus itself, so the
   * keyboard can scroll it, and is named so.
   */
  regionLabel?: string;
}) {
  const region = regionLabel ? { tabIndex: 0, role: "region", "aria-label": regionLabel } : {};
  return (
    <>
      <Card className={className}>
        <CardContent className="relative overflow-x-auto p-0" {...region}>
          {rows.length === 0 ? (
            <p className="p-6 text-slate-700">{empty}</p>
          ) : (
            <table className={clsx("w-full text-left text-sm", tableClassName)}>
              <caption className="sr-only">{caption}</caption>
              <TableHead columns={columns} />
              <tbody className="divide-y divide-slate-200">{rows.map(children)}</tbody>
            </table>
          )}
        </CardContent>
      </Card>
      {pages && <Pagination {...pages} />}
    </>
  );
}
