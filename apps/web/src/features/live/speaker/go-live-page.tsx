import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UnderPageTitle } from '../../../components/heading-level';
import { readStoredUser } from '../../../lib/stored-user';
import { GoLiveScreen } from './go-live-screen';

/** `/real-time-sermon-translation`: the speaker's screen inside the admin layout. */
export function GoLivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // A platform admin may look at another church's sermons with ?churchId=.
  const churchId = params.get('churchId') || readStoredUser().churchId;
  if (!churchId) return <Alert color="red">{t('live.common.noChurch')}</Alert>;
  // The shell's header already says "Go live": the screen does not say it twice.
  return (
    <UnderPageTitle>
      <GoLiveScreen key={churchId} churchId={churchId} />
    </UnderPageTitle>
  );
}

export { GoLivePage as Component };
