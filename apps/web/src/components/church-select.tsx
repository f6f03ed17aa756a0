import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicChurches } from '../lib/public-churches';

/** Every church by name (and suburb), for forms and filters. */
export function ChurchSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const churches = usePublicChurches();
  const data = (churches.data ?? []).map((c) => ({ value: c.id, label: c.suburb ? `${c.name} (${c.suburb})` : c.name }));
  return (
    <Select
      label={t('fields.church')}
      data={data}
      searchable
      nothingFoundMessage={t('people.noChurchFound')}
      disabled={churches.isPending}
      placeholder={churches.isPending ? t('common.loading') : undefined}
      {...props}
    />
  );
}
