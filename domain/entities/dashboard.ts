/**
 * Dashboard (requirements §2 "Dashboard"): counts, the five-way charger split, orders, energy (kWh) and
 * money per currency, recent orders and energy by day.
 */
import { z } from 'zod';
import { decimal, int } from './api.js';
import { orderRecord } from './order.js';

import { moneyByCurrency as money } from './statistics.js';
const monthCounts = z.object({ total: int, thisMonth: int, lastMonth: int });

export const dashboardAnswer = z.object({
  stations: int,
  chargers: int,
  chargersInUse: int,
  faultyChargers: int,
  split: z.object({ available: int, charging: int, occupied: int, faulty: int, offline: int }),
  orders: z.object({
    count: int,
    paid: int,
    unpaid: int,
    energyKwh: decimal,
    revenue: money,
    profit: money,
  }),
  cardUsers: monthCounts,
  appUsers: monthCounts,
  ordersThisMonth: int,
  ordersLastMonth: int,
  recentOrders: z.array(orderRecord),
  energyByDay: z.array(z.object({ day: z.string(), energyKwh: decimal, orders: int })),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
