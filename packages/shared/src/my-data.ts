/** GET /api/v1/me/export: a download name (the body is everything held about the person, as JSON). */
export const myDataFileName = (date: Date) => `my-data-${date.toISOString().slice(0, 10)}.json`;
