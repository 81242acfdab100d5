/** How the benchmarks print times, counts and tables. */

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A count with thousands separators: 100,000. */
export const count = (value: number) => value.toLocaleString('en-US');

/**
 * A table with a rule under the header: the first `leftColumns` columns aligned left, the others
 * right; `total`, if given, follows the body under a second rule.
 */
export function printTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  options: { leftColumns?: number; total?: readonly string[] } = {},
) {
  const { leftColumns = 1, total } = options;
  const all = [header, ...body, ...(total ? [total] : [])];
  const widths = header.map((_, c) => Math.max(...all.map((cells) => (cells[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) =>
        c < leftColumns ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0),
      )
      .join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log(
    [line(header), rule, ...body.map(line), ...(total ? [rule, line(total)] : [])].join('\n'),
  );
}
