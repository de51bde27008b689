import { CsvError, type Options, parse } from 'csv-parse/sync'
import { fieldError } from './problems'

/**
 * A CSV file's text as rows: arrays of cells, or records when `columns` names the header's cells
 * (their values then trimmed). Blank lines are skipped and short rows kept. A broken file is a
 * 400 naming `field` and, where the parser knows it, the line.
 */
export function readCsv<Row = string[]>(text: string, field: string, columns?: Options['columns']): Row[] {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      ...(columns ? { columns, trim: true } : {}),
    }) as Row[]
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
