import type { ReactNode } from 'react';
import { Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/language-picker';
import { UiOverlays } from '../../../components/ui-overlays';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  /** Signup needs room for two columns; sign-in and reset stay narrow. */
  width?: number;
  children: ReactNode;
}

/** The frame of the signed-out screens: product name, language picker, one card. */
export function AuthLayout({ title, subtitle, width = 440, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('common.appName')}`);
  return (
    <UiOverlays>
    <Box
      component="main"
      mih="100dvh"
      px={{ base: 'sm', xs: 'md' }}
      py={{ base: 'md', sm: 'xl' }}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Stack maw={width} mx="auto" gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Image src="/logo.svg" alt="" w={40} h={40} />
            <Text fw={700} size="lg">
              {t('common.appName')}
            </Text>
          </Group>
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Box>
    </UiOverlays>
  );
}
