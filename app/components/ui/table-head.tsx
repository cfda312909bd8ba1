/** A table's column headings, styled once for every admin table. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="bg-slate-50 text-slate-700">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-6 py-3 font-semibold">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
