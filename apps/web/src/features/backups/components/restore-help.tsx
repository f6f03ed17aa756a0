import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A command wraps on a phone rather than widening the page.
const wrapping = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** How to bring a backup back (decision 032; README "Backups"): the commands an operator runs on the server. */
export function RestoreHelp() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="restore-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="restore-title">{t('backups.restore.title')}</Title>
        <Text size="sm">{t('backups.restore.intro')}</Text>
        <List type="ordered" spacing="sm" size="sm">
          <List.Item>{t('backups.restore.stepCopy')}</List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text size="sm">{t('backups.restore.stepEmbedded')}</Text>
              <Code block style={wrapping}>DATA_DIR=/srv/church/data-new SECRETS_KEY=… npm run restore -- sermon-translate-….stbackup</Code>
            </Stack>
          </List.Item>
          <List.Item>
            <Stack gap={4}>
              <Text size="sm">{t('backups.restore.stepPostgres')}</Text>
              <Code block style={wrapping}>DATABASE_URL=postgres://…/church_new SECRETS_KEY=… npm run restore -- sermon-translate-….stbackup</Code>
            </Stack>
          </List.Item>
          <List.Item>{t('backups.restore.stepStart')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">{t('backups.restore.keys')}</Text>
        <Text size="sm" c="dimmed">{t('backups.restore.refusals')}</Text>
        <Text size="sm" c="dimmed">{t('backups.restore.privacy')}</Text>
      </Stack>
    </Paper>
  );
}
