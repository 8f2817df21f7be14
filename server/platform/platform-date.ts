import { dateInZone } from '@core/domain/time-slots.ts';
import type { AppContext } from '../context.ts';

/** The platform's day (YYYY-MM-DD) at `now`: payouts run on its weekday and are keyed by it. */
export const platformDate = (ctx: AppContext, now: Date) => dateInZone(now, ctx.config.PLATFORM_TIME_ZONE);
