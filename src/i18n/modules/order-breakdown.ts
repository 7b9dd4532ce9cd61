/** Messages of the order's pricing breakdown (resources/order/OrderBreakdown.tsx). */
export default {
  en: {
    resources: {
      order: {
        breakdown: {
          template: 'Rate template',
          no_template: 'The station had no active rate template: this session was free.',
          window: 'Time window',
          energy: 'Energy',
          price: 'Electricity fee per kWh',
          amount: 'Amount',
          settlement: {
            FREE: 'Nothing to pay',
            DEDUCTED: 'Paid from the balance',
            MANAGER_CARD: 'Manager card: recorded, not deducted',
            NO_PAYER: 'Not paid: no card or app user could pay',
            FAILED: 'Not paid: the deduction failed',
          },
        },
      },
    },
  },
  zh: {
    resources: {
      order: {
        breakdown: {
          template: '费率模板',
          no_template: '该站点没有生效的费率模板：本次充电免费。',
          window: '时段',
          energy: '电量',
          price: '每千瓦时电费',
          amount: '金额',
          settlement: {
            FREE: '无需支付',
            DEDUCTED: '已从余额扣款',
            MANAGER_CARD: '管理卡：仅记录，不扣款',
            NO_PAYER: '未支付：没有可扣款的卡或应用用户',
            FAILED: '未支付：扣款失败',
          },
        },
      },
    },
  },
};
