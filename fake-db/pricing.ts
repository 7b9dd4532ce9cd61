/**
 * Prices of the demo orders: each session is priced by domain/billing.ts itself with the company's
 * demo "Time of use" tariff (fake-db/rate-templates.ts `demoTariff`, the template every demo
 * station carries), from the same readings the server would price a real StopTransaction from:
 * meterStart at the start, the sampled energy registers of the session (for the orders that have
 * meter values), meterStop at the stop. A demo order therefore re-prices to its own figures.
 */
import { priceSession, type MeterSample, type SessionPrice, type Tariff } from '../domain/billing.js';

/**
 * Bills one session.
 * @param meterStartWh / meterStopWh the registers (Wh); @param startMs / stopMs charger times (epoch ms);
 * @param sampled the session's sampled energy registers (Wh), if any; @param tz the station's IANA zone.
 */
export function priceDemoSession(
  tariff: Tariff,
  tz: string,
  meterStartWh: number,
  meterStopWh: number,
  startMs: number,
  stopMs: number,
  sampled: readonly MeterSample[] = [],
): SessionPrice {
  return priceSession(
    tariff,
    [
      { at: new Date(startMs), wh: meterStartWh },
      ...sampled.filter((x) => x.at.getTime() > startMs && x.at.getTime() < stopMs),
      { at: new Date(stopMs), wh: meterStopWh },
    ],
    tz,
  );
}
