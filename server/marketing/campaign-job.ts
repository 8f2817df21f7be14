import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../jobs/interval-job.ts';
import { campaignIntervalMs, runCampaignPass } from './campaign-sending.ts';

/** Sends campaigns every two seconds while the app is up (the progress bar moves batch by batch). */
export function startCampaignJob(app: FastifyInstance, intervalMs = campaignIntervalMs): void {
  startIntervalJob(
    app,
    'campaigns',
    intervalMs,
    (ctx, now) => runCampaignPass(ctx, now),
    (result) => result.started + result.sent > 0,
  );
}
