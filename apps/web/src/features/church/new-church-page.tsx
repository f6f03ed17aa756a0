import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../config/paths';
import { useCreateChurch } from './api/create-church';
import { ChurchDetailsForm } from './components/church-details-form';
import { emptyChurchValues, toCreateBody } from './components/church-details-values';

/** `/churches/new` (platform admins): a church with its time zone, weekly limit and location. */
export function NewChurchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateChurch();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack>
        <Text c="dimmed">{t('churches.form.newIntro')}</Text>
        <ChurchDetailsForm
          isNew
          initial={emptyChurchValues}
          saving={create.isPending}
          error={create.error}
          saveLabel={t('churches.form.create')}
          onCancel={() => navigate(paths.churches)}
          onSubmit={async (values) => {
            const church = await create.mutateAsync(toCreateBody(values));
            notifications.show({ color: 'green', message: t('churches.form.created', { name: church.name }) });
            navigate(href.church(church.id));
          }}
        />
      </Stack>
    </Paper>
  );
}

export { NewChurchPage as Component };
