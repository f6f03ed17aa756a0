import { joinQrUrl } from '../../../lib/join-link';

// Printed once for everyone at the door: the same words in every interface language, whatever the
// language of the person printing it (spec: the five interface languages).
const CHOOSE_YOUR_LANGUAGE = [
  ['en', 'Choose your language'],
  ['pt', 'Escolha o seu idioma'],
  ['es', 'Elige tu idioma'],
  ['id', 'Pilih bahasa Anda'],
  ['zh', '选择您的语言'],
] as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The printable card: the church, the QR code, the link, "Choose your language" in five languages. */
export function joinCardHtml(o: { churchName: string; code: string; link: string; size: 'A6' | 'A5'; scanHere: string }): string {
  const scale = o.size === 'A6' ? 1 : 1.41;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(o.churchName)}</title>
<style>
@page { size: ${o.size}; margin: 8mm; }
body { font-family: system-ui, sans-serif; text-align: center; margin: 0; color: #111; }
h1 { font-size: ${14 * scale}pt; margin: 0 0 ${3 * scale}mm; }
img { width: ${60 * scale}mm; height: ${60 * scale}mm; }
.link { font-size: ${11 * scale}pt; font-weight: 700; margin: ${2 * scale}mm 0; word-break: break-all; }
ul { list-style: none; padding: 0; margin: ${2 * scale}mm 0 0; font-size: ${9 * scale}pt; line-height: 1.5; }
p { font-size: ${9 * scale}pt; margin: 0; }
</style></head><body>
<h1>${escape(o.churchName)}</h1>
<img src="${joinQrUrl(o.code)}" alt="">
<div class="link">${escape(o.link)}</div>
<p>${escape(o.scanHere)}</p>
<ul>${CHOOSE_YOUR_LANGUAGE.map(([lang, text]) => `<li lang="${lang}">${escape(text)}</li>`).join('')}</ul>
<script>window.onload = () => window.print();</script>
</body></html>`;
}

/** Opens the card in a window of its own and prints it. */
export function printJoinCard(o: Parameters<typeof joinCardHtml>[0]) {
  const url = URL.createObjectURL(new Blob([joinCardHtml(o)], { type: 'text/html' }));
  window.open(url, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
