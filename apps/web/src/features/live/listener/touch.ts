/** Nothing a thumb has to hit on the listener's phone is smaller than 44 px. */
export const TOUCH_PX = 44;
/** A control's label as tall as a touch target, its text centred. */
export const touchLabel = { minHeight: TOUCH_PX, display: 'flex', alignItems: 'center' } as const;
