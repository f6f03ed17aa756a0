import type { ImportPreview } from '@app/shared';
import type { Translate } from '../../../lib/zod-form';

/**
 * The refused rows as a CSV to fix and upload again: the file's own columns, then a reason column
 * in the interface language. Papa Parse writes it (loaded only when asked), its formula escaping on.
 */
export async function downloadRefused(preview: ImportPreview, filename: string, t: Translate) {
  const { unparse } = await import('papaparse');
  const rows = preview.rows.filter((r) => r.outcome === 'refused');
  const csv = unparse({
    fields: [...preview.headers, t('peopleImport.preview.reasonColumn')],
    data: rows.map((r) => [...(r.cells ?? []), r.reasons.map((x) => t(x.key)).join('; ')]),
  }, { escapeFormulae: true });
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.replace(/\.(csv|xlsx|txt)$/i, '') + '-refused.csv';
  a.click();
  URL.revokeObjectURL(url);
}
