/**
 * A CSV text as a spreadsheet set to `delimiter` reads it, and no more forgiving: a quote opens a quoted field only
 * at the field's start (there it may hold the delimiter, doubled quotes and line breaks); a quote anywhere else is a
 * character like any other, as Excel and LibreOffice take it. Rows end with CRLF.
 */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let atStart = true;
  const endField = () => {
    row.push(field);
    field = "";
    atStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (char === delimiter) {
      endField();
    } else if (char === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else {
      field += char;
      atStart = false;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}
