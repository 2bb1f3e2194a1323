/** One CSV cell: quoted (with doubled quotes) only when it holds a comma, quote or line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: header, rows, `\n` line ends and a final newline. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return lines.join('\n') + '\n';
}

