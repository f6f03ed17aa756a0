/** A church's standing join link and its QR code, drawn by the server (docs/decisions/019). */
export const joinLinkPath = (code: string) => `/l/${encodeURIComponent(code)}`;
export const projectorPath = (code: string, languages: string[] = []) =>
  `${joinLinkPath(code)}/projector${languages.length ? `?languages=${languages.map(encodeURIComponent).join(',')}` : ''}`;
export const joinQrUrl = (code: string, format: 'svg' | 'png' = 'svg', download = false) =>
  `/api/v1/lobby/${encodeURIComponent(code)}/qr.${format}${download ? '?download' : ''}`;
