import type { ReactNode } from 'react';

/** A column heading: its text, or its content with a class (`num` for a figure column). */
export type Column = ReactNode | { label: ReactNode; className: string };

const isStyled = (column: Column): column is { label: ReactNode; className: string } =>
  typeof column === 'object' && column !== null && 'className' in column;

/** A data table's head: one row of column headings (`<th scope="col">`), in order. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          isStyled(column) ? (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ) : (
            <th key={index} scope="col">
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
