import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './gateway.ts';

/** How old a signed event may be (Stripe's default tolerance). */
export const webhookToleranceSeconds = 300;

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs them. */
export function signWebhook(body: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is within tolerance. */
export function verifyWebhookSignature(
  body: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = webhookToleranceSeconds,
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookSignatureError('Malformed Stripe-Signature header');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'));
  const matches = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('No signature matches the payload');
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) throw new WebhookSignatureError('Timestamp outside the tolerance zone');
}
