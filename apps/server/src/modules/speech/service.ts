import type { SpeechTokenResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { canReachChurch } from '../../lib/access';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/session';
import { providersForChurch } from '../../providers/church-providers';
import { SpeechError } from '../../providers/speech/speech-error';

/**
 * A short-lived Azure Speech token for a speaker of the church. The church's key stays on the server;
 * without a key the answer is 404 and the browser uses its own speech recognition.
 */
export async function issueSpeechToken(ctx: AppContext, actor: Actor, churchId: string): Promise<SpeechTokenResponse> {
  if (!canReachChurch(actor, 'sermons:go-live', churchId)) throw notFound('Church');
  const { tokenIssuer } = await providersForChurch(ctx, churchId);
  if (!tokenIssuer) {
    throw new AppError('not_found', 404, "This church has no speech key: use the browser's own speech recognition");
  }
  try {
    const { token, region, expiresAt } = await tokenIssuer.issueToken();
    return { token, region, expiresAt: expiresAt.toISOString() };
  } catch (err) {
    if (!(err instanceof SpeechError)) throw err;
    ctx.log.warn({ err, churchId }, 'speech token refused');
    throw new AppError('internal', 502, 'The speech service did not issue a token; check the speech key and location, then try again');
  }
}
