/**
 * A CSV text as a spreadsheet set to `delimiter` reads it (RFC 4180 quoting: a quoted field may hold the
 * delimiter, quotes and line breaks). Rows end with CRLF.
 */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === delimiter) {
      endField();
    } else if (!quoted && char === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else {
      field += char;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}
