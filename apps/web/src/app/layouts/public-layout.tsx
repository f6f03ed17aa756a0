import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../components/app-logo';
import { LanguagePicker } from '../../components/language-picker';
import { ThemeToggle } from '../../features/shell/theme-toggle';
import classes from '../../features/shell/shell.module.css';
import { paths } from '../../config/paths';

// Header and page share one width so the logo lines up with the text below it.
const PAGE_WIDTH = 900;

/** Public pages read without signing in (the privacy policy): logo, language, theme, a way in. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size={PAGE_WIDTH}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={paths.signIn} underline="never" aria-label={t('shell.logoHomeLabel')}>
              <AppLogo />
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <div className={classes.hideOnPhone}>
                <LanguagePicker size="sm" withLabel={false} />
              </div>
              <ThemeToggle />
              <Button component={Link} to={paths.signIn} variant="light">
                {t('shell.signIn')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size={PAGE_WIDTH} component="main" id="main-content" py="lg">
        <Box className={classes.showOnPhone} mb="md">
          <LanguagePicker size="sm" />
        </Box>
        <Outlet />
      </Container>
    </Box>
  );
}
