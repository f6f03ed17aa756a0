import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EVENT_IMAGES_MAX, type EventDetails } from '@app/shared';
import { confirmDestructive } from '../../../components/confirm-button';
import { useHeadingLevel } from '../../../components/heading-level';
import { churchEventImageTypes, imageFileProblem, uploadProblem } from '../../../components/image-file';
import { useEventImages } from '../api/event-images';
import { useUpdateEvent } from '../api/save-event';

/** Up to 10 images; one is the cover that cards and the public list show. */
export function EventImagesCard({ event }: { event: EventDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const { add, remove } = useEventImages(event.id);
  const update = useUpdateEvent(event.id);
  const [problem, setProblem] = useState<string | null>(null);
  const room = EVENT_IMAGES_MAX - event.images.length;

  // One file after another: each is checked here, and the server answers each with the new list.
  const handleChoose = async (files: File[]) => {
    setProblem(null);
    for (const file of files.slice(0, room)) {
      const found = imageFileProblem(file);
      if (found) {
        setProblem(`${file.name}: ${t(`images.${found}`)}`);
        continue;
      }
      try {
        await add.mutateAsync(file);
      } catch (err) {
        setProblem(`${file.name}: ${t(`images.${uploadProblem(err)}`, { max: EVENT_IMAGES_MAX })}`);
      }
    }
    if (files.length > room) setProblem(t('images.tooMany', { max: EVENT_IMAGES_MAX }));
  };

  const handleRemove = (imageId: string, index: number) =>
    confirmDestructive({
      title: t('events.images.removeTitle'),
      message: t('events.images.removeBody', { n: index + 1 }),
      confirmLabel: t('events.images.remove'),
      onConfirm: () => remove.mutate(imageId, { onError: () => notifications.show({ color: 'red', message: t('images.deleteFailed') }) }),
    }, t('common.cancel'));

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={sectionOrder} size="h4">{t('events.images.title', { count: event.images.length, max: EVENT_IMAGES_MAX })}</Title>
          <FileButton onChange={(files) => void handleChoose(files)} accept={churchEventImageTypes.join(',')} multiple disabled={room <= 0}>
            {(props) => (
              <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={add.isPending} disabled={room <= 0} {...props}>
                {t('events.images.add')}
              </Button>
            )}
          </FileButton>
        </Group>
        {problem && <Alert color="red" role="alert">{problem}</Alert>}
        {event.images.length === 0 ? (
          <Text size="sm" c="dimmed">{t('events.images.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {event.images.map((image, i) => (
              <Card component="li" key={image.id} withBorder padding={4} radius="md">
                <Image src={image.url} alt={t('events.images.alt', { n: i + 1, name: event.name })} h={100} fit="cover" radius="sm" />
                <Group justify="space-between" mt={4} gap={4} wrap="nowrap">
                  {image.isCover ? (
                    <Badge size="sm" color="blue.8">{t('events.images.cover')}</Badge>
                  ) : (
                    <Tooltip label={t('events.images.makeCover')}>
                      <ActionIcon variant="subtle" aria-label={t('events.images.makeCoverN', { n: i + 1 })} onClick={() => update.mutate({ coverImageId: image.id })} loading={update.isPending}>
                        <IconStar size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <ActionIcon variant="subtle" color="red" aria-label={t('events.images.removeN', { n: i + 1 })} onClick={() => handleRemove(image.id, i)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed">{t('images.rules')}</Text>
      </Stack>
    </Paper>
  );
}
