import { useEffect, useState } from 'react';
import { Alert, Avatar, Badge, Button, CopyButton, FileButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { dialogs } from '../../../components/dialogs';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconCopy, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, profilePhotoTypes, type Me } from '@app/shared';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDeletePhoto } from '../api/delete-photo';
import { useUploadPhoto } from '../api/upload-photo';

/** The client-side check of spec section 5 (JPG or PNG, at most 5MB); the server checks the bytes again. */
export function photoProblem(file: File): 'wrongType' | 'tooLarge' | null {
  if (!(profilePhotoTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

function uploadFailureKey(err: unknown): string {
  if (err instanceof ApiError && err.status === 413) return 'profile.photo.tooLarge';
  if (err instanceof ApiError && err.status === 415) return 'profile.photo.wrongType';
  return 'profile.photo.uploadFailed';
}

/** Photo (choose, preview, save, remove), name, church and the person's referral link. */
export function PhotoCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const handleChoose = (chosen: File | null) => {
    if (!chosen) return;
    const found = photoProblem(chosen);
    setProblem(found ? t(`profile.photo.${found}`) : null);
    setFile(found ? null : chosen);
  };

  const handleUpload = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'green', message: t('profile.photo.updated') });
      },
      onError: (err) => setProblem(t(uploadFailureKey(err))),
    });
  };

  const handleRemove = () =>
    dialogs.confirm({
      title: t('profile.photo.removeTitle'),
      children: <Text size="sm">{t('profile.photo.removeBody')}</Text>,
      labels: { confirm: t('profile.photo.removeConfirm'), cancel: t('profile.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: t('profile.photo.removed') }),
          onError: () => notifications.show({ color: 'red', message: t('profile.photo.removeFailed') }),
        }),
    });

  const fullName = `${me.firstName} ${me.lastName}`.trim();
  const referralLink = `${window.location.origin}${paths.signUp}?ref=${encodeURIComponent(me.referralCode)}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('profile.photo.title')}>
      <Stack align="center" gap="sm">
        <Avatar
          src={preview ?? me.photoUrl}
          alt={preview ? t('profile.photo.previewAlt') : t('profile.photo.alt', { name: fullName })}
          name={fullName}
          color="initials"
          size={120}
          radius={120}
        />
        <Stack gap={2} align="center">
          <Title order={2} size="h4" ta="center">
            {fullName}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {me.churchName ?? t('profile.noChurch')}
          </Text>
          <Badge variant="light">{t(`profile.roles.${me.role}`)}</Badge>
        </Stack>

        {problem && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%">
            {problem}
          </Alert>
        )}

        {file ? (
          <Stack gap="xs" w="100%">
            <Text size="sm" ta="center">
              {t('profile.photo.previewHint')}
            </Text>
            <Group justify="center" gap="xs">
              <Button variant="default" onClick={() => setFile(null)} disabled={upload.isPending}>
                {t('profile.cancel')}
              </Button>
              <Button onClick={handleUpload} loading={upload.isPending}>
                {t('profile.photo.save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="center" gap="xs">
            <FileButton onChange={handleChoose} accept={profilePhotoTypes.join(',')}>
              {(props) => (
                <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
                  {me.photoUrl ? t('profile.photo.change') : t('profile.photo.upload')}
                </Button>
              )}
            </FileButton>
            {me.photoUrl && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={handleRemove}
                loading={remove.isPending}
              >
                {t('profile.photo.remove')}
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t('profile.photo.rules')}
        </Text>

        <Stack gap={4} w="100%" mt="sm">
          <Text size="sm" fw={500}>
            {t('profile.referral.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('profile.referral.hint')}
          </Text>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text ff="monospace" fw={600} aria-label={t('profile.referral.code')}>
              {me.referralCode}
            </Text>
            <CopyButton value={referralLink}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('profile.referral.copied') : t('profile.referral.copy')} withArrow>
                  <Button
                    size="xs"
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? t('profile.referral.copied') : t('profile.referral.copy')}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
