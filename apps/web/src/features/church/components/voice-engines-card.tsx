import type { ChurchDetails } from '@app/shared';
import { useVoiceEngines } from '../api/voice-engines';
import { EngineSlotsCard } from './engine-slots-card';
import { VoiceEngineForm } from './voice-engine-form';

/**
 * Manage Church's voice engines (decision 040): what speaks to the listeners, a second engine
 * taking over when the first fails, each tested before it is saved.
 */
export function VoiceEnginesCard({ church }: { church: ChurchDetails }) {
  const engines = useVoiceEngines(church.id, church.canEdit);
  if (!church.canEdit) return null;
  return (
    <EngineSlotsCard
      ns="voiceEngines"
      query={engines}
      renderForm={(slot, stored) => (
        <VoiceEngineForm
          key={`${slot}-${stored?.kind ?? 'none'}-${stored?.updatedAt ?? ''}`}
          churchId={church.id}
          slot={slot}
          stored={stored}
          health={engines.data?.health.find((h) => h.slot === slot && h.kind === stored?.kind)}
        />
      )}
    />
  );
}
