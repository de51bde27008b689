import { CsvError, type Options, parse } from 'csv-parse/sync'
import { fieldError } from './problems'

/**
 * A CSV file's text as rows: arrays of cells, or records when `columns` names the header's cells
 * (their values then trimmed). Blank lines are skipped and short rows kept. A broken file is a
 * 400 naming `field` and, where the parser knows it, the line.
 */
export function readCsv<Row = string[]>(text: string, field: string, columns?: Options['columns']): Row[] {
  return parseOrProblem(field, () =>
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      ...(columns ? { columns, trim: true } : {}),
    }),
  ) as Row[]
}

/**
 * A CSV file's rows of cells, each with its row number as a spreadsheet shows the file (the header
 * is row 1; a blank line or a line of commas is a row too, and a quoted cell over several lines is
 * one). Empty rows are left out after they are counted, so that a problem names the row the
 * person sees.
 */
export function readCsvRows(text: string, field: string): Array<{ cells: string[]; row: number }> {
  const records = parseOrProblem(field, () =>
    parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }),
  ) as string[][]
  return records
    .map((cells, index) => ({ cells, row: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
}

function parseOrProblem(field: string, read: () => unknown): unknown {
  try {
    return read()
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines
      throw fieldError(
        field,
        `The file is not valid CSV${line ? ` near line ${line}` : ''}: ${error.message}`,
      )
    }
    throw error
  }
}
