/**
 * A one-page PDF of plain lines (Helvetica, US Letter), built by hand so the demo can upload a
 * real file through the file store without shipping a binary. Only printable ASCII is kept.
 */
export function textPdf(title: string, lines: string[]): Buffer {
  const pdfString = (line: string) => line.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`)
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 720 Td',
    `(${pdfString(title)}) Tj`,
    '/F1 11 Tf',
    '0 -30 Td',
    ...lines.flatMap((line) => [`(${pdfString(line)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body)
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
