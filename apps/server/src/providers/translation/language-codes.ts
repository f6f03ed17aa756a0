/**
 * Our language codes are Azure's (en, pt, es, id, zh-Hans, ar, hi, and any a church adds). Other
 * engines name some languages differently; each maps ours to its own here, and back when it lists
 * what it has (SPEECH-AND-TRANSLATION.md "Other translation engines").
 */

/** DeepL wants a variant for English and Portuguese targets, and upper case (EN-GB, PT-BR, ZH-HANS). */
export function deeplTarget(code: string): string {
  const lower = code.toLowerCase();
  if (lower === 'en') return 'EN-GB';
  if (lower === 'pt') return 'PT-BR';
  if (lower === 'zh-hans' || lower === 'zh') return 'ZH-HANS';
  if (lower === 'zh-hant') return 'ZH-HANT';
  return code.toUpperCase();
}

/** DeepL's source languages have no variants (EN, PT, ZH). */
export function deeplSource(code: string): string {
  return code.split('-')[0]!.toUpperCase();
}

/** Google (v2) names Chinese by region: zh-CN simplified, zh-TW traditional. */
export function googleCode(code: string): string {
  const lower = code.toLowerCase();
  if (lower === 'zh-hans') return 'zh-CN';
  if (lower === 'zh-hant') return 'zh-TW';
  if (lower === 'pt-pt') return 'pt-PT';
  return code;
}

/**
 * LibreTranslate (Argos models): recent servers list Chinese as zh-Hans, older ones as zh; the
 * server's own list decides (the client reads it before its first line).
 */
export function libreCode(code: string, known?: Set<string>): string {
  const lower = code.toLowerCase();
  if (lower === 'zh-hans' || lower === 'zh') return known?.has('zh') && !known.has('zh-Hans') ? 'zh' : 'zh-Hans';
  if (lower === 'zh-hant') return 'zh-Hant';
  if (lower === 'pt-pt') return 'pt';
  return lower;
}
