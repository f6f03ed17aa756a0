import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADULT_AGE, DELETION_DAYS, MIN_AGE } from '@app/shared';
import { useHeadingLevel } from '../../components/heading-level';
import { formattingLocale } from '../../i18n/interface-language';

// The date this text last changed; update it with any change to the `privacy` strings.
const POLICY_DATE = new Date(Date.UTC(2026, 10, 23));

interface Section {
  id: string;
  /** Keys under `privacy.sections.<id>` shown as paragraphs, in order. */
  paragraphs?: string[];
  /** Keys under `privacy.sections.<id>` shown as a bulleted list after the paragraphs. */
  items?: string[];
  /** Keys shown after the list. */
  after?: string[];
}

// Spec sections 1 and 9: minimum age, guardian consent, Australian storage, TLS 1.2+, deletion
// within 30 days; plus what is collected and why and how to ask for access or deletion.
const sections: Section[] = [
  { id: 'eligibility', paragraphs: ['age', 'guardian'] },
  { id: 'collect', paragraphs: ['intro'], items: ['account', 'church', 'photo', 'live', 'feedback', 'staff', 'technical'], after: ['noSale'] },
  { id: 'translation', paragraphs: ['body', 'transcript'] },
  { id: 'storage', paragraphs: ['location', 'security', 'access'] },
  // What is kept and for how long, how to get a copy, how deletion works and when (spec section 1, decision 016).
  { id: 'retention', paragraphs: ['body', 'anonymous', 'feedback', 'audit'] },
  { id: 'rights', paragraphs: ['intro'], items: ['access', 'correct', 'delete', 'review', 'cancel'] },
  { id: 'cookies', paragraphs: ['body'] },
  { id: 'terms', paragraphs: ['intro'], items: ['respect', 'password', 'accuracy', 'churches', 'suspend'] },
  { id: 'changes', paragraphs: ['body'] },
  { id: 'contact', paragraphs: ['body'] },
];

/** `/privacy-policy`: the privacy policy and terms, readable without signing in. */
export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const heading = useHeadingLevel();
  const sub = useHeadingLevel(1);
  const values = { minAge: MIN_AGE, adultAge: ADULT_AGE, days: DELETION_DAYS };
  const date = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'long', timeZone: 'UTC' }).format(POLICY_DATE);
  const key = (id: string, part: string) => t(`privacy.sections.${id}.${part}`, values);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={900}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={heading} size="h2">{t('privacy.title')}</Title>
          <Text size="sm" c="dimmed">{t('privacy.updated', { date })}</Text>
        </Stack>
        <Text>{t('privacy.intro')}</Text>

        <nav aria-labelledby="privacy-contents">
          <Text fw={600} id="privacy-contents" mb={4}>{t('privacy.contents')}</Text>
          <List size="sm" spacing={2}>
            {sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#privacy-${s.id}`} size="sm">{key(s.id, 'title')}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>

        {sections.map((s) => (
          <section key={s.id} id={`privacy-${s.id}`} aria-labelledby={`privacy-${s.id}-title`} style={{ scrollMarginTop: 80 }}>
            <Title order={sub} size="h4" id={`privacy-${s.id}-title`} mb="xs">{key(s.id, 'title')}</Title>
            <Stack gap="xs">
              {s.paragraphs?.map((p) => <Text key={p}>{key(s.id, p)}</Text>)}
              {s.items && (
                <List spacing={6} withPadding>
                  {s.items.map((item) => <List.Item key={item}>{key(s.id, item)}</List.Item>)}
                </List>
              )}
              {s.after?.map((p) => <Text key={p} fw={500}>{key(s.id, p)}</Text>)}
            </Stack>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}

export { PrivacyPage as Component };
