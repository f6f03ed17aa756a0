import { Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { importFields, type ImportField, type ImportUpload } from '@app/shared';

const IGNORE = 'ignore';

/** Each column of the file, its first values and the person field it fills; any can be changed or ignored. */
export function MappingTable({ upload, mapping, onChange }: { upload: ImportUpload; mapping: Array<ImportField | null>; onChange: (m: Array<ImportField | null>) => void }) {
  const { t } = useTranslation();
  const options = [{ value: IGNORE, label: t('peopleImport.mapping.ignore') }, ...importFields.map((f) => ({ value: f, label: t(`peopleImport.fields.${f}`) }))];
  return (
    // Auto layout: the select keeps room for its longest field name ("Data de nascimento",
    // "Idioma principal") and the file's column name wraps instead.
    <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('peopleImport.mapping.column')}</Table.Th>
            <Table.Th>{t('peopleImport.mapping.field')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.columns.map((c) => (
            <Table.Tr key={c.index}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{c.header || t('peopleImport.mapping.untitled', { n: c.index + 1 })}</Text>
                {/* A long sample (an email address) would hold the column at its width and push the
                    select off a phone's screen: it breaks anywhere, and the one line ends in "…". */}
                <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>{c.samples.join(' · ')}</Text>
              </Table.Td>
              <Table.Td>
                <Select
                  miw={200}
                  comboboxProps={{ width: 'max-content' }}
                  aria-label={t('peopleImport.mapping.fieldFor', { column: c.header || c.index + 1 })}
                  data={options}
                  value={mapping[c.index] ?? IGNORE}
                  allowDeselect={false}
                  onChange={(v) => onChange(mapping.map((m, i) => (i === c.index ? (v === IGNORE ? null : (v as ImportField)) : m)))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
    </Table>
  );
}
