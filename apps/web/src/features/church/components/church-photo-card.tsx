import { useState } from 'react';
import { Alert, Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChurchDetails } from '@app/shared';
import { confirmDestructive } from '../../../components/confirm-button';
import { useHeadingLevel } from '../../../components/heading-level';
import { churchEventImageTypes, imageFileProblem, uploadProblem } from '../../../components/image-file';
import { useChurchImage } from '../api/church-image';

/** The church photo (spec section 2 "Church edit: photo"): choose to upload at once, or remove. */
export function ChurchPhotoCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const { upload, remove } = useChurchImage(church.id);
  const [problem, setProblem] = useState<string | null>(null);

  const handleChoose = (file: File | null) => {
    if (!file) return;
    const found = imageFileProblem(file);
    if (found) return setProblem(t(`images.${found}`));
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('churches.photo.saved') }),
      onError: (err) => setProblem(t(`images.${uploadProblem(err)}`)),
    });
  };

  const handleRemove = () =>
    confirmDestructive({
      title: t('churches.photo.removeTitle'),
      message: t('churches.photo.removeBody'),
      confirmLabel: t('churches.photo.remove'),
      onConfirm: () => remove.mutate(undefined, { onError: () => notifications.show({ color: 'red', message: t('images.deleteFailed') }) }),
    }, t('common.cancel'));

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4">{t('churches.photo.title')}</Title>
        {church.imageUrl ? (
          <Image src={church.imageUrl} alt={t('churches.photo.alt', { name: church.name })} radius="md" mah={260} fit="cover" />
        ) : (
          <Group gap="xs" c="dimmed"><IconPhoto aria-hidden /><Text size="sm">{t('churches.photo.none')}</Text></Group>
        )}
        {problem && <Alert color="red" role="alert">{problem}</Alert>}
        {church.canEdit && (
          <Group gap="xs">
            <FileButton onChange={handleChoose} accept={churchEventImageTypes.join(',')}>
              {(props) => (
                <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} {...props}>
                  {church.imageUrl ? t('churches.photo.change') : t('churches.photo.upload')}
                </Button>
              )}
            </FileButton>
            {church.imageUrl && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={handleRemove} loading={remove.isPending}>
                {t('churches.photo.remove')}
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed">{t('images.rules')}</Text>
      </Stack>
    </Paper>
  );
}
