/**
 * The deployment's business metrics (shared/definitions.ts BUSINESS_METRICS) with Powertools
 * Metrics: each event is written at once as one line in CloudWatch's embedded metric format, in the
 * namespace the stack sets (POWERTOOLS_METRICS_NAMESPACE) with the service as dimension. The local
 * stack and the tests switch them off (POWERTOOLS_METRICS_DISABLED) unless a test reads them.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { BUSINESS_METRICS } from '@shared/definitions';
import { serviceName } from './env';

const metrics = new Metrics({ serviceName: serviceName() });

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/**
 * Counts one event of `name`, written now (a Lambda may be frozen right after it answers); `zero`
 * are counted 0 in the same line, so a ratio of them to `name` has data whenever `name` has.
 */
export function countEvent(name: BusinessMetric, zero: readonly BusinessMetric[] = []): void {
  metrics.addMetric(name, MetricUnit.Count, 1);
  for (const other of zero) metrics.addMetric(other, MetricUnit.Count, 0);
  metrics.publishStoredMetrics();
}
