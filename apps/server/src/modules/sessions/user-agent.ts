import Bowser from 'bowser';

/** "Firefox" and "Windows 10" from a User-Agent header, as the list of signed-in devices shows them. */
export function describeUserAgent(ua: string | null | undefined): { browser: string | null; system: string | null } {
  if (!ua) return { browser: null, system: null };
  const parsed = Bowser.parse(ua);
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: parsed.browser.name || null, system: system || null };
}
