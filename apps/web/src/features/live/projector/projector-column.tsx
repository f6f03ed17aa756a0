import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { listenerLanguageLabel, isRtl, localeFor } from '../../../lib/language-label';
import { useLiveCaptions } from '../listener/use-live-captions';
import classes from './projector.module.css';
import { interfaceLanguage } from '../../../i18n/interface-language';

// Enough to fill the tallest screen; older lines leave at the top.
const SHOWN_LINES = 12;

/**
 * One language's captions on the room screen: a listener of its own (one per language, named
 * "projector" in the sermon's listeners), recovering through restarts like any phone.
 */
export function ProjectorColumn({ broadcastId, language, nativeName, name, rtl, onEnded }: {
  broadcastId: string;
  language: string;
  nativeName: string;
  name: string;
  rtl: boolean;
  onEnded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const live = useLiveCaptions({ broadcastId, onNewCaption: () => undefined, projector: true });
  const joinRef = useRef(live.join);
  useEffect(() => {
    joinRef.current(language, 'none');
  }, [language]);
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  });
  const isEnded = live.ended !== null;
  useEffect(() => {
    if (isEnded) endedRef.current();
  }, [isEnded]);

  const lines = live.captions.slice(-(SHOWN_LINES - live.inProgress.length));
  const label = listenerLanguageLabel(language, nativeName, name, interfaceLanguage(i18n));
  return (
    <section className={classes.column} aria-label={label}>
      <h2 className={classes.columnHead}>{label}</h2>
      <div className={classes.lines} dir={isRtl(language, rtl) ? 'rtl' : 'ltr'} lang={localeFor(language)} aria-live="polite">
        {lines.map((c, i) => (
          <p key={c.seq} className={`${classes.line} ${i < lines.length - 1 || live.inProgress.length > 0 ? classes.older : ''}`}>{c.text}</p>
        ))}
        {/* The line being said (decision 030), marked as in progress as on phones. */}
        {live.inProgress.map((c) => (
          <p key={`in-progress-${c.seq}`} className={`${classes.line} ${classes.inProgress}`} aria-label={t('live.listener.interim')}>{c.text}</p>
        ))}
      </div>
    </section>
  );
}
