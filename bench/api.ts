/**
 * `npm run bench:api`: the list benchmark (bench/api-lists.ts), with `--analytics` the dashboard
 * and analytics one (bench/api-analytics.ts), with `--concurrency N` the throughput one
 * (bench/api-load.ts). Options are passed through; see each file.
 */
if (process.argv.includes('--concurrency')) {
  await import('./api-load');
} else if (process.argv.includes('--analytics')) {
  const { runAnalyticsBenchFromArgs } = await import('./api-analytics');
  await runAnalyticsBenchFromArgs();
} else {
  await import('./api-lists');
}
export {};
