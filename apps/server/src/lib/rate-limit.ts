/**
 * A per-address limit for one route (`config: { ...perAddress(60) }`). Limits stay generous: a whole
 * congregation shares one church Wi-Fi address; per-account limits do the real protecting.
 */
export const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
