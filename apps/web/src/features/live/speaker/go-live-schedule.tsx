import { can, roleByUserType, type ChurchLanguage } from '@app/shared';
import { ScheduledServicesCard } from '../../../components/scheduled-services-card';
import { usePublicChurches } from '../../../lib/public-churches';
import { readStoredUser } from '../../../lib/stored-user';

/**
 * The church's scheduled services on Go Live (docs/decisions/019), where staff, who may schedule but
 * cannot open Manage Church, add them. The church's time zone comes from the public church list.
 */
export function GoLiveSchedule({ churchId, goLiveLanguages }: { churchId: string; goLiveLanguages: ChurchLanguage[] }) {
  const { userType } = readStoredUser();
  const churches = usePublicChurches();
  const timeZone = churches.data?.find((c) => c.id === churchId)?.timeZone;
  if (!timeZone || !userType) return null;
  const canManage = can(roleByUserType[userType], 'schedule:manage');
  return <ScheduledServicesCard churchId={churchId} timeZone={timeZone} canManage={canManage} goLiveLanguages={goLiveLanguages} />;
}
