/**
 * `npm run bench:api`: the list benchmark (bench/api-lists.ts), or with `--analytics` the dashboard
 * and analytics one (bench/api-analytics.ts). Options are passed through; see each file.
 */
if (process.argv.includes('--analytics')) {
  const { runAnalyticsBenchFromArgs } = await import('./api-analytics');
  await runAnalyticsBenchFromArgs();
} else {
  await import('./api-lists');
}
export {};
